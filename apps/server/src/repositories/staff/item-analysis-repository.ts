import type { QtiProgress } from '@prova/contract/content';
import type { Outcome } from '@prova/contract/tests';
import type { Db } from '../../db/database';
import { qtiPackageOf } from './responses-repository';
import { storedOutcomes, storedQtiProgress } from './stored-attempt';
import { ownOrSharedTestIds } from './test-use';

/**
 * A completed, server-scored attempt as item analysis reads it: its outcomes and its saved QTI progress, each null
 * when it does not read as one (or, the progress, when it was not asked for).
 */
export interface AnalysedAttemptRow {
  user_id: number;
  outcomes: Outcome[] | null;
  progress: QtiProgress | null;
}

/**
 * What a test's item analysis and a 360 campaign's rater agreement read: the company's QTI package test, the
 * company's campaigns that use it, and their completed attempts a page at a time (keyset on the person, never
 * every row at once). Persons' ids are only the pages' cursor: nothing about them is selected.
 */
export function createItemAnalysisRepository(db: Db) {
  return {
    /** The test with its package's delivery and scoring (null if unreadable), if it is a QTI package test the company uses or may use. */
    async findQtiTest(companyId: number, testId: number) {
      const row = await db
        .selectFrom('tests')
        .innerJoin('content_packages', 'content_packages.hash', 'tests.package_hash')
        .select(['tests.id', 'tests.name', 'content_packages.delivery', 'content_packages.scoring'])
        .where('tests.id', '=', testId)
        .where('content_packages.kind', '=', 'qti')
        .where((eb) =>
          eb.or([
            eb('tests.id', 'in', ownOrSharedTestIds(db, companyId)),
            eb.exists(
              eb
                .selectFrom('campaign_tests')
                .innerJoin('campaigns', 'campaigns.id', 'campaign_tests.campaign_id')
                .select('campaign_tests.test_id')
                .whereRef('campaign_tests.test_id', '=', 'tests.id')
                .where('campaigns.company_id', '=', companyId),
            ),
          ]),
        )
        .executeTakeFirst();
      return row && qtiPackageOf(row);
    },

    /** The company's campaigns that list the test, by id. */
    async campaignIdsUsing(companyId: number, testId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('campaign_tests')
        .innerJoin('campaigns', 'campaigns.id', 'campaign_tests.campaign_id')
        .select('campaign_tests.campaign_id')
        .where('campaign_tests.test_id', '=', testId)
        .where('campaigns.company_id', '=', companyId)
        .orderBy('campaign_tests.campaign_id')
        .execute();
      return rows.map((r) => r.campaign_id);
    },

    /**
     * The next page of a campaign's completed attempts at the test that the server has scored, after `afterUserId`;
     * their progress read only `withProgress` (the choices of choice items are read from it).
     */
    async completedAttempts(
      campaignId: number,
      testId: number,
      afterUserId: number,
      limit: number,
      withProgress: boolean,
    ): Promise<AnalysedAttemptRow[]> {
      const rows = await db
        .selectFrom('test_progress')
        .innerJoin('outcomes', (join) =>
          join
            .onRef('outcomes.campaign_id', '=', 'test_progress.campaign_id')
            .onRef('outcomes.test_id', '=', 'test_progress.test_id')
            .onRef('outcomes.user_id', '=', 'test_progress.user_id')
            .on('outcomes.source', '=', 'server'),
        )
        .select(['test_progress.user_id', 'test_progress.data', 'outcomes.outcomes'])
        .where('test_progress.campaign_id', '=', campaignId)
        .where('test_progress.test_id', '=', testId)
        .where('test_progress.status', '=', 'complete')
        .where('test_progress.user_id', '>', afterUserId)
        .orderBy('test_progress.user_id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        user_id: row.user_id,
        outcomes: storedOutcomes(row.outcomes),
        progress: withProgress ? storedQtiProgress(row.data) : null,
      }));
    },

    /** The next page of the people rated in a 360 campaign, after `afterId`. */
    async evalueeIds(campaignId: number, afterId: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('relations360')
        .select('evaluee_id')
        .distinct()
        .where('campaign_id', '=', campaignId)
        .where('evaluee_id', '>', afterId)
        .orderBy('evaluee_id')
        .limit(limit)
        .execute();
      return rows.map((r) => r.evaluee_id);
    },
  };
}
export type ItemAnalysisRepository = ReturnType<typeof createItemAnalysisRepository>;
