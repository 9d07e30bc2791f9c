import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { createProgressRepository, type ProgressKey } from './progress-repository';

// On PostgreSQL instances claim at the same moment, in transactions of their own: a claimer passes over the rows
// another is claiming (`for update skip locked`) instead of waiting for its transaction to end.

let database: TestDatabase;
let other: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  other = await openDatabase(database.url);
});
afterAll(async () => {
  await other?.close();
  await database?.destroy();
});

const keyOf = (k: ProgressKey) => `${k.campaignId}:${k.testId}:${k.userId}`;

async function progressRows(campaignId: number, fields: { status: string; scoring_due?: number; ends_at?: string }) {
  const at = new Date().toISOString();
  await database.db
    .insertInto('test_progress')
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        campaign_id: campaignId,
        test_id: 1,
        user_id: i + 1,
        version: 1,
        data: '{}',
        updated_at: at,
        ...fields,
      })),
    )
    .execute();
}

describe('claims on PostgreSQL', () => {
  it('a sweep claims other scorings than one whose claim is not committed yet, without waiting for it', async () => {
    await progressRows(1, { status: 'complete', scoring_due: 1 });
    const onB = createProgressRepository(other.db);
    const [byA, byB] = await database.db.transaction().execute(async (trx) => {
      const claimedByA = await createProgressRepository(trx).claimScoringDue('instance-a', 5);
      // A's transaction is still open: its rows are locked. B goes on at once with the others.
      const claimedByB = await onB.claimScoringDue('instance-b', 100);
      return [claimedByA.map(keyOf), claimedByB.map(keyOf)];
    });
    expect(byA).toHaveLength(5);
    expect(byB).toHaveLength(15);
    expect(byB.filter((k) => byA.includes(k))).toEqual([]);
  });

  it('an expiry sweep settles other tests than one whose settling is not committed yet, without waiting for it', async () => {
    await progressRows(2, { status: 'incomplete', ends_at: '2020-01-01T00:00:00.000Z' });
    const onB = createProgressRepository(other.db);
    const [byA, byB] = await database.db.transaction().execute(async (trx) => {
      const settledByA = await createProgressRepository(trx).settleExpired(new Date(), undefined, 5);
      const settledByB = await onB.settleExpired(new Date(), undefined, 100);
      return [settledByA.map(keyOf), settledByB.map(keyOf)];
    });
    expect(byA).toHaveLength(5);
    expect(byB).toHaveLength(15);
    expect(byB.filter((k) => byA.includes(k))).toEqual([]);
  });
});
