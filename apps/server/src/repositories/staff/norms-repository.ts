import type { Db } from '../../db/database';
import { normColumns, readOutcomes, storedText } from '../json-column-readers';
import { ownOrSharedTestIds } from './test-use';

/** A company's norm groups (norms, campaign_norms: migration 0012b) and the results a new one is built from. */
export function createNormsRepository(db: Db) {
  return {
    /** The company's norms, with the campaigns of the company that report against each. */
    async list(companyId: number) {
      const norms = await db
        .selectFrom('norms')
        .leftJoin('tests', 'tests.id', 'norms.test_id')
        .select(['norms.id', 'norms.name', 'norms.test_id', 'tests.name as test_name', 'norms.outcome', 'norms.mean', 'norms.sd'])
        .select(['norms.norm_table', 'norms.n'])
        .where('norms.company_id', '=', companyId)
        .orderBy('norms.id')
        .execute();
      const links = await db
        .selectFrom('campaign_norms')
        .innerJoin('norms', 'norms.id', 'campaign_norms.norm_id')
        .select(['campaign_norms.campaign_id', 'campaign_norms.norm_id'])
        .where('norms.company_id', '=', companyId)
        .orderBy('campaign_norms.campaign_id')
        .execute();
      return norms.map((norm) => ({
        ...normColumns(norm),
        name: storedText(norm.name),
        test_name: storedText(norm.test_name),
        campaign_ids: links.filter((l) => l.norm_id === norm.id).map((l) => l.campaign_id),
      }));
    },

    /** Which of `ids` are the company's norms. */
    async ownIds(companyId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('norms').select('id').where('company_id', '=', companyId).where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    /**
     * The test, if the company may use it (owned or shared: test-use.ts), with what scoring decides whose outcomes
     * count by (domain/test-scoring.ts).
     */
    findTest: (companyId: number, testId: number) =>
      db
        .selectFrom('tests')
        .select(['id', 'name', 'algorithm', 'package_kind'])
        .where('id', '=', testId)
        .where('id', 'in', ownOrSharedTestIds(db, companyId))
        .executeTakeFirst(),

    /** Whose a test is, for a refusal's audit: its owner, else a company it is shared with; null for nobody's. */
    async companyOfTest(testId: number): Promise<number | null> {
      const owner = await db.selectFrom('tests').select('owner_company_id').where('id', '=', testId).executeTakeFirst();
      if (!owner) return null;
      if (owner.owner_company_id !== null) return owner.owner_company_id;
      const share = await db
        .selectFrom('test_shares')
        .select('company_id')
        .where('test_id', '=', testId)
        .orderBy('company_id')
        .executeTakeFirst();
      return share?.company_id ?? null;
    },

    /** Every outcome row of the test's completed attempts in the campaigns (by person and campaign). */
    async completedOutcomes(campaignIds: number[], testId: number) {
      if (campaignIds.length === 0) return [];
      const rows = await db
        .selectFrom('outcomes')
        .innerJoin('test_progress', (join) =>
          join
            .onRef('test_progress.campaign_id', '=', 'outcomes.campaign_id')
            .onRef('test_progress.test_id', '=', 'outcomes.test_id')
            .onRef('test_progress.user_id', '=', 'outcomes.user_id'),
        )
        .select(['outcomes.campaign_id', 'outcomes.user_id', 'outcomes.source', 'outcomes.outcomes'])
        .where('outcomes.test_id', '=', testId)
        .where('outcomes.campaign_id', 'in', campaignIds)
        .where('test_progress.status', '=', 'complete')
        .orderBy('outcomes.id')
        .execute();
      return rows.map((r) => ({
        campaignId: r.campaign_id,
        userId: r.user_id,
        source: r.source,
        outcomes: readOutcomes(r.outcomes),
      }));
    },

    async insert(row: { company_id: number; name: string; test_id: number; outcome: string; mean: number; sd: number; n: number }) {
      const { id } = await db
        .insertInto('norms')
        .values({ ...row, norm_table: null, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** The campaign's norms become `normIds` (all the company's: the caller checked). */
    async setCampaignNorms(campaignId: number, normIds: number[]) {
      await db.deleteFrom('campaign_norms').where('campaign_id', '=', campaignId).execute();
      if (normIds.length)
        await db
          .insertInto('campaign_norms')
          .values(normIds.map((norm_id) => ({ campaign_id: campaignId, norm_id })))
          .execute();
    },
  };
}
