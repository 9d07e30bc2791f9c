import type { Insertable, Selectable } from 'kysely';
import type { LocalizedText } from '@prova/contract/bundle';
import { type ManagedTest, managedTestSchema } from '@prova/contract/staff-tests';
import { announcingTransaction, type Changes } from '../../db/change-feed';
import { type Db, inTransaction } from '../../db/database';
import type { TestsTable } from '../../db/schema';
import { readColumn, storedText } from '../json-column-readers';
import { ownOrSharedTestIds, usedByOtherCompanies } from './test-use';

export type TestRowInput = Omit<Insertable<TestsTable>, 'id' | 'owner_company_id'>;

/** Where a test is used, seen from one company. */
export interface TestUse {
  /** The company's campaigns that list it. */
  campaignIds: number[];
  /** A campaign of another company the test is shared with lists it. */
  usedElsewhere: boolean;
}

type TextColumn = 'name' | 'description' | 'instructions';
type JsonColumn = 'json_data' | 'theme' | 'labels360';

/**
 * A test as staff manage it: its texts as their languages, its settings, theme and 360 labels parsed as the staff
 * API answers them (each empty when it does not read: no settings, no theme, no labels).
 */
export type ManagedTestRow = Omit<Selectable<TestsTable>, TextColumn | JsonColumn> &
  Record<TextColumn, LocalizedText> & {
    json_data: ManagedTest['jsonData'];
    theme: ManagedTest['theme'];
    labels360: ManagedTest['labels360'];
  };

const { jsonData, theme, labels360 } = managedTestSchema.shape;
const managedTestOf = (row: Selectable<TestsTable>): ManagedTestRow => ({
  ...row,
  name: storedText(row.name),
  description: storedText(row.description),
  instructions: storedText(row.instructions),
  json_data: readColumn(jsonData, row.json_data, {}),
  theme: readColumn(theme, row.theme, null),
  labels360: readColumn(labels360, row.labels360, null),
});

/**
 * Tests as a company's staff manage them: those it owns (created from the console, or given it by the
 * operator) and those shared with it. Only its own change, and not while a company it shares them with
 * uses them.
 */
export function createManagedTestsRepository(db: Db, changes: Changes) {
  async function usesOf(companyId: number, testIds: number[]): Promise<Map<number, TestUse>> {
    const uses = new Map<number, TestUse>(testIds.map((id) => [id, { campaignIds: [], usedElsewhere: false }]));
    for (let i = 0; i < testIds.length; i += 500) {
      const chunk = testIds.slice(i, i + 500);
      const own = await db
        .selectFrom('campaign_tests')
        .innerJoin('campaigns', 'campaigns.id', 'campaign_tests.campaign_id')
        .select(['campaign_tests.test_id', 'campaign_tests.campaign_id'])
        .where('campaign_tests.test_id', 'in', chunk)
        .where('campaigns.company_id', '=', companyId)
        .orderBy('campaign_tests.campaign_id')
        .execute();
      for (const row of own) uses.get(row.test_id)!.campaignIds.push(row.campaign_id);
      for (const row of await usedByOtherCompanies(db, chunk, companyId)) uses.get(row.test_id)!.usedElsewhere = true;
    }
    return uses;
  }

  const visible = (companyId: number) => db.selectFrom('tests').selectAll().where('id', 'in', ownOrSharedTestIds(db, companyId));

  return {
    usesOf,

    async list(companyId: number) {
      const tests = (await visible(companyId).orderBy('id').execute()).map(managedTestOf);
      return {
        tests,
        uses: await usesOf(
          companyId,
          tests.map((t) => t.id),
        ),
      };
    },

    async find(companyId: number, testId: number) {
      const test = await visible(companyId).where('id', '=', testId).executeTakeFirst();
      if (!test) return undefined;
      return { test: managedTestOf(test), use: (await usesOf(companyId, [testId])).get(testId)! };
    },

    /** The owner of an abbreviation or of an id, to refuse a duplicate. */
    findByAbbreviation: (abbreviation: string) =>
      db.selectFrom('tests').select('id').where('abbreviation', '=', abbreviation).executeTakeFirst(),
    exists: async (testId: number) => (await db.selectFrom('tests').select('id').where('id', '=', testId).executeTakeFirst()) !== undefined,

    /** Creates a test owned by the company, with the id given or the next free one. */
    async create(companyId: number, row: TestRowInput, id?: number): Promise<number> {
      return inTransaction(db, async (trx) => {
        const next =
          id ??
          Number(
            (
              await trx
                .selectFrom('tests')
                .select((eb) => eb.fn.max('id').as('max'))
                .executeTakeFirst()
            )?.max ?? 0,
          ) + 1;
        await trx
          .insertInto('tests')
          .values({ ...row, id: next, owner_company_id: companyId })
          .execute();
        return next;
      });
    },

    async update(testId: number, row: TestRowInput): Promise<void> {
      await db.updateTable('tests').set(row).where('id', '=', testId).execute();
      // Campaign tests are kept in memory on the hot paths.
      await changes.announce({ kind: 'all' }, db);
    },

    /** Only the texts of a test (name, description, instructions as stored JSON): its content and settings stay. */
    async updateTexts(testId: number, texts: { name: string; description: string; instructions: string }): Promise<void> {
      await db.updateTable('tests').set(texts).where('id', '=', testId).execute();
      await changes.announce({ kind: 'all' }, db);
    },

    /** Which of these test ids exist. */
    async existing(testIds: number[]): Promise<Set<number>> {
      const found = new Set<number>();
      for (let i = 0; i < testIds.length; i += 500)
        for (const row of await db
          .selectFrom('tests')
          .select('id')
          .where('id', 'in', testIds.slice(i, i + 500))
          .execute())
          found.add(row.id);
      return found;
    },

    /**
     * Tests that hold results: progress (this attempt or earlier ones) or outcomes in a campaign that
     * lists them. Deleting those would lose results.
     */
    async withResults(testIds: number[]): Promise<number[]> {
      if (testIds.length === 0) return [];
      const listed = db.selectFrom('campaign_tests').select('campaign_id').where('campaign_tests.test_id', 'in', testIds);
      const found = new Set<number>();
      for (const table of ['test_progress', 'test_progress_history', 'outcomes', 'outcomes_history'] as const) {
        const rows = await db
          .selectFrom(table)
          .select('test_id')
          .distinct()
          .where('campaign_id', 'in', listed)
          .where('test_id', 'in', testIds)
          .execute();
        for (const row of rows) found.add(row.test_id);
      }
      return [...found];
    },

    /** Deletes tests without results, taking them off the campaigns and assessments that list them. */
    async delete(testIds: number[]): Promise<void> {
      await announcingTransaction(db, changes, async (trx, changes) => {
        await trx.deleteFrom('assessments').where('test_id', 'in', testIds).execute();
        await trx.deleteFrom('campaign_tests').where('test_id', 'in', testIds).execute();
        await trx.deleteFrom('test_shares').where('test_id', 'in', testIds).execute();
        await trx.deleteFrom('authored_tests').where('test_id', 'in', testIds).execute();
        await trx.deleteFrom('tests').where('id', 'in', testIds).execute();
        await changes.announce({ kind: 'all' }, trx);
      });
    },
  };
}
