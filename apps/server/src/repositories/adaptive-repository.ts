import type { Selectable } from 'kysely';
import type { AdaptiveSessionsTable, AdaptiveTestsTable } from '../db/schema';
import type { Db } from '../db/database';
import type { ProgressKey } from './progress-repository';

// Adaptive tests (migration 0012a): a test's settings and bank, and each candidate's session for an attempt. Every
// step of a session is conditional on the count of answers it was computed from, so two calls that raced (a retry
// sent while the first was still on its way) change it once.

export type AdaptiveTestRow = Selectable<AdaptiveTestsTable>;

export type AdaptiveSessionState = Pick<
  Selectable<AdaptiveSessionsTable>,
  'attempt' | 'seed' | 'answered' | 'given' | 'current' | 'theta' | 'se' | 'done'
>;

const where = (key: ProgressKey) => ({ campaign_id: key.campaignId, test_id: key.testId, user_id: key.userId });

export function createAdaptiveRepository(db: Db) {
  return {
    async findTest(testId: number): Promise<AdaptiveTestRow | undefined> {
      return db.selectFrom('adaptive_tests').selectAll().where('test_id', '=', testId).executeTakeFirst();
    },

    async findSession(key: ProgressKey): Promise<AdaptiveSessionState | undefined> {
      const k = where(key);
      return db
        .selectFrom('adaptive_sessions')
        .select(['attempt', 'seed', 'answered', 'given', 'current', 'theta', 'se', 'done'])
        .where('campaign_id', '=', k.campaign_id)
        .where('test_id', '=', k.test_id)
        .where('user_id', '=', k.user_id)
        .executeTakeFirst();
    },

    /**
     * Opens the session of this attempt: a new row, or one left by an earlier attempt (`replacing` its attempt) made
     * new. Nothing when another call opened it first; the caller reads it again.
     */
    async open(key: ProgressKey, state: AdaptiveSessionState, replacing: string | null, now = new Date()): Promise<void> {
      const values = { ...state, updated_at: now.toISOString() };
      const k = where(key);
      if (replacing === null) {
        await db
          .insertInto('adaptive_sessions')
          .values({ ...k, ...values })
          .onConflict((c) => c.columns(['campaign_id', 'test_id', 'user_id']).doNothing())
          .execute();
        return;
      }
      await db
        .updateTable('adaptive_sessions')
        .set(values)
        .where('campaign_id', '=', k.campaign_id)
        .where('test_id', '=', k.test_id)
        .where('user_id', '=', k.user_id)
        .where('attempt', '=', replacing)
        .execute();
    },

    /** One answer more: applied only if the session still has `answered` answers in this attempt; true when it was. */
    async advance(
      key: ProgressKey,
      from: { attempt: string; answered: number },
      next: Pick<AdaptiveSessionState, 'answered' | 'given' | 'current' | 'theta' | 'se' | 'done'>,
      now = new Date(),
    ): Promise<boolean> {
      const k = where(key);
      const result = await db
        .updateTable('adaptive_sessions')
        .set({ ...next, updated_at: now.toISOString() })
        .where('campaign_id', '=', k.campaign_id)
        .where('test_id', '=', k.test_id)
        .where('user_id', '=', k.user_id)
        .where('attempt', '=', from.attempt)
        .where('answered', '=', from.answered)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type AdaptiveRepository = ReturnType<typeof createAdaptiveRepository>;
