import { z } from 'zod/mini';
import { adaptiveGivenItemSchema } from '@prova/contract/adaptive';
import { qtiDeliverySchema } from '@prova/contract/content';
import { outcomeListSchema } from '@prova/contract/tests';
import { qtiScoringModelSchema } from '@prova/qti/scoring';
import type { Db } from '../../db/database';
import { readColumn } from '../json-column-readers';
import type { ProgressKey } from '../progress-repository';

/** An adaptive bank's entries as the titles read them: whatever else an entry holds, its item's XML if it is text. */
const bankTitlesSchema = z.record(z.string(), z.catch(z.object({ xml: z.catch(z.optional(z.string()), undefined) }), {}));

/** What a candidate's responses in a QTI package test are read from: the package, the progress, the server's outcomes. */
export function createResponsesRepository(db: Db) {
  return {
    /** The campaign's test, only if it is a QTI package test: its delivery.json and scoring model (null if unreadable). */
    async findQtiTest(campaignId: number, testId: number) {
      const row = await db
        .selectFrom('campaign_tests')
        .innerJoin('tests', 'tests.id', 'campaign_tests.test_id')
        .innerJoin('content_packages', 'content_packages.hash', 'tests.package_hash')
        .select(['tests.id', 'content_packages.delivery', 'content_packages.scoring'])
        .where('campaign_tests.campaign_id', '=', campaignId)
        .where('campaign_tests.test_id', '=', testId)
        .where('content_packages.kind', '=', 'qti')
        .executeTakeFirst();
      return row && qtiPackageOf(row);
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

    /** An adaptive test's bank (`{ id: { href, xml } }`), for the titles of the items given: each item's XML by id. */
    async findAdaptiveBank(testId: number): Promise<Record<string, { xml?: string }>> {
      const row = await db.selectFrom('adaptive_tests').select('bank').where('test_id', '=', testId).executeTakeFirst();
      return readColumn(bankTitlesSchema, row?.bank, {});
    },

    /** The candidate's adaptive session: the items given in order with their answers, and the current one. */
    async findAdaptiveSession(key: ProgressKey) {
      const row = await db
        .selectFrom('adaptive_sessions')
        .select(['attempt', 'given', 'current', 'theta', 'se', 'done'])
        .where('campaign_id', '=', key.campaignId)
        .where('test_id', '=', key.testId)
        .where('user_id', '=', key.userId)
        .executeTakeFirst();
      return row && { ...row, given: readColumn(z.array(adaptiveGivenItemSchema), row.given, []) };
    },

    /** The server's scoring of the attempt, if it has run (null too when it is unreadable). */
    async findServerOutcomes(key: ProgressKey) {
      const row = await db
        .selectFrom('outcomes')
        .select('outcomes')
        .where('campaign_id', '=', key.campaignId)
        .where('test_id', '=', key.testId)
        .where('user_id', '=', key.userId)
        .where('source', '=', 'server')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? readColumn(outcomeListSchema, row.outcomes, null) : null;
    },
  };
}

/** A QTI package's delivery.json and scoring model, each null when it does not read as one. */
export const qtiPackageOf = <R extends { delivery: string; scoring: string | null }>({ delivery, scoring, ...rest }: R) => ({
  ...rest,
  delivery: readColumn(qtiDeliverySchema, delivery, null),
  scoring: readColumn(qtiScoringModelSchema, scoring, null),
});
export type ResponsesRepository = ReturnType<typeof createResponsesRepository>;
