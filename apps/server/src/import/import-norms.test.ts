import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import exampleBundle from './fixtures/example-bundle.json';
import { importBundle } from './import-bundle';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.destroy();
});

const NORMS = [
  { id: 71, name: { IT_it: 'Laureati 2025', EN_en: 'Graduates 2025' }, test: 101, outcome: 'score', mean: 12.5, sd: 3.1, n: 850 },
  {
    id: 72,
    name: 'Diplomati',
    test: 101,
    outcome: 'score',
    table: [
      { upTo: 8, percentile: 10 },
      { upTo: 12, percentile: 50 },
    ],
    n: 120,
  },
];

function withNorms(norms: unknown[], campaignNorms: unknown = [71, 72]) {
  const bundle = structuredClone(exampleBundle) as Record<string, unknown> & { campaigns: Record<string, unknown>[] };
  bundle.norms = norms;
  bundle.campaigns[0].norms = campaignNorms;
  return bundle;
}

async function problemsOf(bundle: unknown) {
  const result = await importBundle(database, bundle, { hash: async () => 'x' });
  return result.ok ? [] : result.problems;
}

describe('importing norms', () => {
  it('stores the norms, the campaign’s choice of them, and changes nothing when imported again', async () => {
    const first = await importBundle(database, withNorms(NORMS), { hash: async () => 'x' });
    expect(first.ok && first.summary.norms).toMatchObject({ created: 2 });
    const { db } = database;
    const rows = await db.selectFrom('norms').selectAll().orderBy('id').execute();
    expect(rows.map(({ created_at: _, ...r }) => r)).toEqual([
      {
        id: 71,
        company_id: 10,
        name: JSON.stringify(NORMS[0].name),
        test_id: 101,
        outcome: 'score',
        mean: 12.5,
        sd: 3.1,
        norm_table: null,
        n: 850,
      },
      {
        id: 72,
        company_id: 10,
        name: JSON.stringify({ IT_it: 'Diplomati' }),
        test_id: 101,
        outcome: 'score',
        mean: null,
        sd: null,
        norm_table: JSON.stringify(NORMS[1].table),
        n: 120,
      },
    ]);
    const chosen = async () =>
      (await db.selectFrom('campaign_norms').select(['campaign_id', 'norm_id']).orderBy('norm_id').execute()).map((r) => r.norm_id);
    expect(await chosen()).toEqual([71, 72]);
    const before = JSON.stringify(await db.selectFrom('norms').selectAll().orderBy('id').execute());

    const again = await importBundle(database, withNorms(NORMS), { hash: async () => 'x' });
    expect(again.ok && again.summary.norms).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect(JSON.stringify(await db.selectFrom('norms').selectAll().orderBy('id').execute())).toBe(before);
    expect(await chosen()).toEqual([71, 72]);

    // A campaign's list, given, replaces the one it had.
    await importBundle(database, withNorms(NORMS, [72]), { hash: async () => 'x' });
    expect(await chosen()).toEqual([72]);
  });

  it('lists every problem as norms[i].field', async () => {
    const problems = await problemsOf(
      withNorms(
        [
          { id: 71, name: 'A', test: 999, outcome: 'score', mean: 1, sd: 0, n: 40 },
          {
            id: 72,
            name: 'B',
            test: 101,
            outcome: 'score',
            n: 40,
            table: [
              { upTo: 5, percentile: 50 },
              { upTo: 4, percentile: 60 },
            ],
          },
          { id: 73, name: 'C', test: 101, outcome: 'score', n: 40 },
        ],
        [71, 74],
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'norms[0].sd: The standard deviation must be greater than 0',
        'norms[1].table: Rows must rise: each upTo above the one before, and no percentile below the one before',
        'norms[2].mean: Expected a mean and an sd, or a table',
        'campaigns[0].norms[1]: unknown norm 74',
      ]),
    );
    // A valid norm's unknown test, once the shapes are right.
    expect(await problemsOf(withNorms([{ id: 71, name: 'A', test: 999, outcome: 'score', mean: 1, sd: 2, n: 40 }], [71]))).toEqual([
      'norms[0].test: unknown test 999',
    ]);
  });

  it('needs to know whose norm it is', async () => {
    expect(await problemsOf(withNorms([NORMS[0]], []))).toEqual([
      'norms[0].company: name the company the norm belongs to, or list it in a campaign’s norms',
    ]);
    expect(await problemsOf(withNorms([{ ...NORMS[0], company: 'Lanificio Bassi S.p.A.' }], []))).toEqual([]);
  });
});
