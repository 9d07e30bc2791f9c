import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/schema';
import { createProgressUpsert, type Kind, type ProgressWrite } from './progress-upsert';

// The statement every save runs, as each dialect receives it, kept in queries/ beside this file: a change to it is
// read in review as a change of SQL, not only of the builder that makes it.

function compilerOnly(dialect: 'sqlite' | 'postgres') {
  const postgres = dialect === 'postgres';
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (postgres ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
      createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
  });
}

const writes: ProgressWrite[] = [
  { campaignId: 1, testId: 2, userId: 3, version: 4, status: 'complete', data: '{"a":1}', endsAt: null, scored: true },
  { campaignId: 1, testId: 5, userId: 3, version: 2, status: 'incomplete', data: '{}', endsAt: '2026-12-02T10:00:00.000Z', scored: false },
];
const now = new Date('2026-12-02T09:00:00.000Z');
const KINDS: Kind[] = ['sync', 'status', 'data'];

describe.each(['sqlite', 'postgres'] as const)('the saves upsert on %s', (dialect) => {
  const upsert = createProgressUpsert(compilerOnly(dialect), dialect === 'postgres');

  it('compiles to the reviewed statement of each kind', async () => {
    const text = KINDS.map((kind) => `-- ${kind}\n${upsert(kind, writes, now).sql};\n`).join('\n');
    await expect(text).toMatchFileSnapshot(`queries/progress-upsert.${dialect}.sql`);
  });

  it('passes each write as parameters, never in the text', () => {
    const query = upsert('sync', writes, now);
    expect(query.sql).not.toContain('{"a":1}');
    expect(query.parameters.flat()).toContain('{"a":1}');
    // PostgreSQL takes a group as one array a field: the same number of parameters for any number of writes.
    if (dialect === 'postgres') expect(upsert('sync', [writes[0]], now).parameters.length).toBe(query.parameters.length);
  });
});
