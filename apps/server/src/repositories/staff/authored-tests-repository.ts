import { z } from 'zod/mini';
import { type AuthoredTest, authoredTestSchema } from '@prova/contract/authored-test';
import type { Changes } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { readColumn } from '../json-column-readers';

const testData = z.record(z.string(), z.unknown());

/**
 * A written test's row parsed: the test as saved (checked by the same schema on the way in, so one that does not read
 * is a fault, not a user's), and its tests row's data (empty if it does not read).
 */
function authoredOf<R extends { test_id: number; test: string; json_data: string }>(
  row: R,
): Omit<R, 'test' | 'json_data'> & { test: AuthoredTest; json_data: Record<string, unknown> } {
  const test = readColumn(authoredTestSchema, row.test, null);
  if (test === null) throw new Error(`authored test ${String(row.test_id)}: its saved test does not read`);
  return { ...row, test, json_data: readColumn(testData, row.json_data, {}) };
}

/** The test row's fields a written test's save sets (the rest stays as staff set them). */
export interface AuthoredTestRowFields {
  name: string;
  url: string;
  package_hash: string;
  json_data: string;
}

/**
 * Tests written in the staff console (authored_tests, migration 0011g), each beside the tests row that points at
 * its current QTI package; only the company that wrote one reads or changes it.
 */
export function createAuthoredTestsRepository(db: Db, changes: Changes) {
  const rows = () =>
    db
      .selectFrom('authored_tests')
      .innerJoin('tests', 'tests.id', 'authored_tests.test_id')
      .select([
        'authored_tests.test_id',
        'authored_tests.company_id',
        'authored_tests.test',
        'authored_tests.updated_at',
        'tests.abbreviation',
        'tests.package_hash',
        'tests.json_data',
      ]);

  return {
    list: async (companyId: number) =>
      (await rows().where('authored_tests.company_id', '=', companyId).orderBy('authored_tests.test_id').execute()).map(authoredOf),

    async find(companyId: number, testId: number) {
      const row = await rows()
        .where('authored_tests.company_id', '=', companyId)
        .where('authored_tests.test_id', '=', testId)
        .executeTakeFirst();
      return row && authoredOf(row);
    },

    /** Whose written test this is, if anybody's: only on the way to a refusal (for the audit). */
    async ownerOf(testId: number): Promise<number | undefined> {
      const row = await db.selectFrom('authored_tests').select('company_id').where('test_id', '=', testId).executeTakeFirst();
      return row?.company_id;
    },

    async insert(row: { testId: number; companyId: number; test: string; createdBy: number; now: string }): Promise<void> {
      await db
        .insertInto('authored_tests')
        .values({
          test_id: row.testId,
          company_id: row.companyId,
          test: row.test,
          created_by: row.createdBy,
          created_at: row.now,
          updated_at: row.now,
        })
        .execute();
    },

    /** A new version: the written test and its test row's package, title and timer, together. */
    async update(testId: number, test: string, fields: AuthoredTestRowFields, now: string): Promise<void> {
      await db.updateTable('authored_tests').set({ test, updated_at: now }).where('test_id', '=', testId).execute();
      await db.updateTable('tests').set(fields).where('id', '=', testId).execute();
      // Campaign tests (their url among them) are kept in memory on the hot paths.
      await changes.announce({ kind: 'all' }, db);
    },

    /** Which of these tests someone has started: progress of this attempt or an earlier one, in any campaign. */
    async started(testIds: number[]): Promise<Set<number>> {
      const found = new Set<number>();
      if (testIds.length === 0) return found;
      for (const table of ['test_progress', 'test_progress_history'] as const)
        for (const row of await db.selectFrom(table).select('test_id').distinct().where('test_id', 'in', testIds).execute())
          found.add(row.test_id);
      return found;
    },

    /** Lists the test last in each of these campaigns that does not list it yet. */
    async addToCampaigns(testId: number, campaignIds: number[]): Promise<void> {
      for (const campaignId of campaignIds) {
        const listed = await db
          .selectFrom('campaign_tests')
          .select('test_id')
          .where('campaign_id', '=', campaignId)
          .where('test_id', '=', testId)
          .executeTakeFirst();
        if (listed) continue;
        const last = await db
          .selectFrom('campaign_tests')
          .select((eb) => eb.fn.max('position').as('max'))
          .where('campaign_id', '=', campaignId)
          .executeTakeFirst();
        await db
          .insertInto('campaign_tests')
          .values({ campaign_id: campaignId, test_id: testId, position: Number(last?.max ?? 0) + 1, prerequisites: '[]' })
          .execute();
      }
      if (campaignIds.length) await changes.announce({ kind: 'all' }, db);
    },
  };
}
export type AuthoredTestsRepository = ReturnType<typeof createAuthoredTestsRepository>;
export type AuthoredTestRow = NonNullable<Awaited<ReturnType<AuthoredTestsRepository['find']>>>;
