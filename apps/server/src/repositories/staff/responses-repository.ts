import type { Db } from '../../db/database';
import type { ProgressKey } from '../progress-repository';

/** What a candidate's responses in a QTI package test are read from: the package, the progress, the server's outcomes. */
export function createResponsesRepository(db: Db) {
  return {
    /** The campaign's test, only if it is a QTI package test: its delivery.json and scoring model (JSON as stored). */
    async findQtiTest(campaignId: number, testId: number) {
      return db
        .selectFrom('campaign_tests')
        .innerJoin('tests', 'tests.id', 'campaign_tests.test_id')
        .innerJoin('content_packages', 'content_packages.hash', 'tests.package_hash')
        .select(['tests.id', 'content_packages.delivery', 'content_packages.scoring'])
        .where('campaign_tests.campaign_id', '=', campaignId)
        .where('campaign_tests.test_id', '=', testId)
        .where('content_packages.kind', '=', 'qti')
        .executeTakeFirst();
    },

    async findProgress(key: ProgressKey) {
      return db
        .selectFrom('test_progress')
        .select(['status', 'data', 'started_at', 'ends_at'])
        .where('campaign_id', '=', key.campaignId)
        .where('test_id', '=', key.testId)
        .where('user_id', '=', key.userId)
        .executeTakeFirst();
    },

    /** An adaptive test's bank (`{ id: { href, xml } }`, JSON as stored), for the titles of the items given. */
    async findAdaptiveBank(testId: number): Promise<string | null> {
      const row = await db.selectFrom('adaptive_tests').select('bank').where('test_id', '=', testId).executeTakeFirst();
      return row?.bank ?? null;
    },

    /** The candidate's adaptive session: the items given in order with their answers, and the current one. */
    async findAdaptiveSession(key: ProgressKey) {
      return db
        .selectFrom('adaptive_sessions')
        .select(['attempt', 'given', 'current', 'theta', 'se', 'done'])
        .where('campaign_id', '=', key.campaignId)
        .where('test_id', '=', key.testId)
        .where('user_id', '=', key.userId)
        .executeTakeFirst();
    },

    /** The server's scoring of the attempt (JSON as stored), if it has run. */
    async findServerOutcomes(key: ProgressKey): Promise<string | null> {
      const row = await db
        .selectFrom('outcomes')
        .select('outcomes')
        .where('campaign_id', '=', key.campaignId)
        .where('test_id', '=', key.testId)
        .where('user_id', '=', key.userId)
        .where('source', '=', 'server')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row?.outcomes ?? null;
    },
  };
}
export type ResponsesRepository = ReturnType<typeof createResponsesRepository>;
