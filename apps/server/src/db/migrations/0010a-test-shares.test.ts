import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { importBundle } from '../../import/import-bundle';
import { testShares } from './0010a-test-shares';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const campaign = (id: number, company: string, tests: number[]) => ({
  id,
  company,
  dateStart: '2026-01-01T00:00:00Z',
  dateEnd: '2030-01-01T00:00:00Z',
  tests: tests.map((test) => ({ test })),
});

describe('migration 0010a: test shares', () => {
  it("shares a library test with each company whose campaign lists it, and nobody's own test with another company", async () => {
    const { db } = database;
    const imported = await importBundle(database, {
      companies: [{ name: 'Uno' }, { name: 'Due' }],
      tests: [
        { id: 1, abbreviation: 'LIB', name: 'Libreria', url: '/a/' },
        { id: 2, abbreviation: 'OWN', name: 'Di Uno', url: '/b/', owner: 'Uno' },
        { id: 3, abbreviation: 'OFF', name: 'Non usato', url: '/c/' },
      ],
      campaigns: [campaign(10, 'Uno', [1, 2]), campaign(20, 'Due', [1])],
    });
    expect(imported.ok).toBe(true);
    // The data as a deployment had it before shares: Due's campaign lists Uno's test too.
    await db.insertInto('campaign_tests').values({ campaign_id: 20, test_id: 2, position: 1, prerequisites: '[]' }).execute();
    await db.schema.dropTable('test_shares').execute();

    await testShares().up(db as never);

    const ids = Object.fromEntries((await db.selectFrom('companies').select(['id', 'name']).execute()).map((c) => [c.name, c.id]));
    const shares = await db.selectFrom('test_shares').select(['test_id', 'company_id']).orderBy('test_id').orderBy('company_id').execute();
    expect(shares).toEqual(
      [
        { test_id: 1, company_id: ids.Uno },
        { test_id: 1, company_id: ids.Due },
      ].sort((a, b) => a.company_id - b.company_id),
    );
  });
});
