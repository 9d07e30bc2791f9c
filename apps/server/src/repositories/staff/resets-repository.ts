import { announcingTransaction, type Changes } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { lockAttempt, startOver } from '../progress-repository';

export interface ResetKey {
  campaignId: number;
  testId: number;
  userId: number;
}

/**
 * A test taken again from scratch because staff say so. The attempt's progress goes to
 * test_progress_history and its outcomes (the person's, the server's scoring, the assessors' ratings)
 * to outcomes_history; the progress row stays, emptied and one version newer, so that a browser still
 * holding the old attempt cannot write it back; its clock starts again at the next opening.
 */
export function createResetsRepository(db: Db, changes: Changes) {
  return {
    async reset(key: ResetKey, reason: string, now = new Date()): Promise<{ attempts: number; outcomes: number } | null> {
      const at = now.toISOString();
      return announcingTransaction(db, changes, async (trx, changes) => {
        await lockAttempt(trx, key);
        const row = await trx
          .selectFrom('test_progress')
          .selectAll()
          .where('campaign_id', '=', key.campaignId)
          .where('test_id', '=', key.testId)
          .where('user_id', '=', key.userId)
          .executeTakeFirst();
        const outcomes = await trx
          .selectFrom('outcomes')
          .selectAll()
          .where('campaign_id', '=', key.campaignId)
          .where('test_id', '=', key.testId)
          .where('user_id', '=', key.userId)
          .execute();
        const emptied = row && row.status === 'incomplete' && row.started_at === null && row.data === null;
        if ((!row || emptied) && outcomes.length === 0) return null;

        let attempts = 0;
        if (row && !emptied) {
          await startOver(trx, row, reason, at, { startedAt: null, endsAt: null, lang: null });
          attempts = 1;
        }
        if (outcomes.length) {
          await trx
            .insertInto('outcomes_history')
            .values(
              outcomes.map((o) => ({
                campaign_id: o.campaign_id,
                test_id: o.test_id,
                user_id: o.user_id,
                source: o.source,
                assessor_id: o.assessor_id,
                outcomes: o.outcomes,
                created_at: o.created_at,
                archived_at: at,
                reason,
              })),
            )
            .execute();
          await trx
            .deleteFrom('outcomes')
            .where(
              'id',
              'in',
              outcomes.map((o) => o.id),
            )
            .execute();
        }
        await changes.announce({ kind: 'participation', userId: key.userId, campaignId: key.campaignId }, trx);
        return { attempts, outcomes: outcomes.length };
      });
    },

    findProgress: (key: ResetKey) =>
      db
        .selectFrom('test_progress')
        .select(['status', 'started_at', 'ends_at', 'updated_at'])
        .where('campaign_id', '=', key.campaignId)
        .where('test_id', '=', key.testId)
        .where('user_id', '=', key.userId)
        .executeTakeFirst(),

    async historyCount(key: ResetKey): Promise<number> {
      const row = await db
        .selectFrom('test_progress_history')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('campaign_id', '=', key.campaignId)
        .where('test_id', '=', key.testId)
        .where('user_id', '=', key.userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
