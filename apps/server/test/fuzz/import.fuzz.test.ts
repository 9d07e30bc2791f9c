// Property-based fuzzing of the importer: valid bundles spoiled (fields of the wrong type or past every
// limit, records dropped or repeated, ids and e-mails pointing at the wrong record or at another company,
// huge texts) and bundles generated from the bundle schema. Whatever comes in, the import either succeeds
// or lists its problems and leaves every table exactly as it was; it never throws.
//
// FUZZ_RUNS sets the bundles per case (default below, for CI: imports are slow); `npm run fuzz` runs 1,000.
// A failure prints fast-check's counterexample (the base bundle and its mutations) with its seed:
// FUZZ_SEED=<seed> replays it.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { bundleSchema } from '@prova/contract/bundle';
import { DB_INT_MAX } from '@prova/contract/limits';
import type { Db } from '../../src/db/database';
import exampleBundle from '../../src/import/fixtures/example-bundle.json';
import { importBundle, type ImportResult } from '../../src/import/import-bundle';
import { accessBundle, authBundle } from '../fixtures';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { arbitraryFromJsonSchema, toJsonSchema } from './arbitrary-from-json-schema';
import { type Mutation, mutate, mutationArbitrary, nastyValue, PLAIN } from './mutations';

const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** Valid bundles to spoil: the fuzzed database starts from the first. */
const BASES = { access: accessBundle, auth: authBundle, example: exampleBundle } as const;
type Base = keyof typeof BASES;

/** Every table's rows, as sorted JSON lines: equal dumps, equal databases. */
async function dump(db: Db): Promise<Map<string, string>> {
  const tables = (await db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name).sort();
  const out = new Map<string, string>();
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const lines = rows.map((row) => JSON.stringify(row, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).sort();
    out.set(table, lines.join('\n'));
  }
  return out;
}

const changedTables = (before: Map<string, string>, after: Map<string, string>) =>
  [...new Set([...before.keys(), ...after.keys()])].filter((table) => before.get(table) !== after.get(table));

/** Values of the bases themselves (e-mails, names, ids): a spoiled reference that points at a real record. */
function valuesOf(...sources: unknown[]): unknown[] {
  const found = new Set<unknown>([DB_INT_MAX, DB_INT_MAX + 1]);
  const walk = (value: unknown) => {
    if (typeof value === 'number' || (typeof value === 'string' && value.length <= 64)) found.add(value);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  sources.forEach(walk);
  return [...found];
}

const replacements = fc.oneof(
  { weight: 1, arbitrary: nastyValue },
  { weight: 1, arbitrary: fc.constantFrom(...valuesOf(...Object.values(BASES))) },
);

/** A base bundle and what is done to it: printed as such when a property fails. */
const spoiledBundle = (base: Base) =>
  fc.record({ base: fc.constant(base), mutations: fc.array(mutationArbitrary(replacements), { minLength: 1, maxLength: 4 }) }, PLAIN);

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const first = await importBundle(database, accessBundle);
  if (!first.ok) throw new Error(`base bundle refused:\n${first.problems.join('\n')}`);
});
afterAll(() => database?.destroy());

/** Imports as the command line does (the bundle read from JSON), and checks the all-or-nothing promise. */
async function importChecked(input: unknown) {
  const text = JSON.stringify(input);
  const bundle: unknown = text === undefined ? null : JSON.parse(text);
  const before = await dump(database.db);
  let result: ImportResult;
  try {
    result = await importBundle(database, bundle);
  } catch (error) {
    const changed = changedTables(before, await dump(database.db));
    throw new Error(`the import threw instead of listing a problem (tables changed: ${changed.join(', ') || 'none'})`, { cause: error });
  }
  if (result.ok) return;
  if (result.problems.length === 0) throw new Error('the import failed without naming a problem');
  const changed = changedTables(before, await dump(database.db));
  if (changed.length > 0) throw new Error(`a refused import changed ${changed.join(', ')}; its problems:\n${result.problems.join('\n')}`);
}

describe(`the importer, ${RUNS} bundles per case: all or nothing, never a throw`, () => {
  const timeout = Math.max(60_000, RUNS * 1_000);

  for (const base of Object.keys(BASES) as Base[]) {
    it(
      `spoils the ${base} bundle`,
      async () => {
        await fc.assert(
          fc.asyncProperty(spoiledBundle(base), async ({ mutations }: { mutations: Mutation[] }) => {
            await importChecked(mutate(BASES[base], mutations));
          }),
          { numRuns: RUNS, seed: SEED },
        );
      },
      timeout,
    );
  }

  it(
    'generates bundles from the bundle schema',
    async () => {
      await fc.assert(fc.asyncProperty(arbitraryFromJsonSchema(toJsonSchema(bundleSchema)), importChecked), { numRuns: RUNS, seed: SEED });
    },
    timeout,
  );
});
