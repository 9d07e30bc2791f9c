import type { Selectable } from 'kysely';
import { z } from 'zod/mini';
import { type AdaptiveGivenItem, adaptiveGivenItemSchema, type AdaptiveSettings, adaptiveSettingsSchema } from '@prova/contract/adaptive';
import type { AdaptiveSessionsTable, AdaptiveTestsTable } from '../db/schema';
import type { Db } from '../db/database';
import { readColumn } from './json-column-readers';
import type { ProgressKey } from './progress-repository';

// Adaptive tests (migration 0012a): a test's settings and bank, and each candidate's session for an attempt. Every
// step of a session is conditional on the count of answers it was computed from, so two calls that raced (a retry
// sent while the first was still on its way) change it once.

/** An adaptive test's items by identifier: the stripped XML the player gets and its path in the package. */
const bankSchema = z.record(z.string(), z.object({ href: z.string(), xml: z.string() }));
const givenSchema = z.array(adaptiveGivenItemSchema);

/**
 * A test's adaptive settings and bank, parsed: settings that do not read are null (the test cannot be given), a bank
 * that does not read has no items.
 */
export type AdaptiveTestRow = Omit<Selectable<AdaptiveTestsTable>, 'settings' | 'bank'> & {
  settings: AdaptiveSettings | null;
  bank: z.output<typeof bankSchema>;
};

/** A session as the delivery works on it: the items given parsed (and written back as JSON by `open` and `advance`). */
export type AdaptiveSessionState = Pick<
  Selectable<AdaptiveSessionsTable>,
  'attempt' | 'seed' | 'answered' | 'current' | 'theta' | 'se' | 'done'
> & {
  given: AdaptiveGivenItem[];
};

/**
 * The items a session gave. The next answer builds on them and is counted by them, so ones that do not read fail the
 * read (as they always have) rather than start the attempt over under its count.
 */
function givenOf(stored: string): AdaptiveGivenItem[] {
  const given = readColumn(givenSchema, stored, null);
  if (!given) throw new Error("The adaptive session's items given do not read");
  return given;
}

const where = (key: ProgressKey) => ({ campaign_id: key.campaignId, test_id: key.testId, user_id: key.userId });

export function createAdaptiveRepository(db: Db) {
  return {
    async findTest(testId: number): Promise<AdaptiveTestRow | undefined> {
      const row = await db.selectFrom('adaptive_tests').selectAll().where('test_id', '=', testId).executeTakeFirst();
      return (
        row && { ...row, settings: readColumn(adaptiveSettingsSchema, row.settings, null), bank: readColumn(bankSchema, row.bank, {}) }
      );
    },

    async findSession(key: ProgressKey): Promise<AdaptiveSessionState | undefined> {
      const k = where(key);
      const row = await db
        .selectFrom('adaptive_sessions')
        .select(['attempt', 'seed', 'answered', 'given', 'current', 'theta', 'se', 'done'])
        .where('campaign_id', '=', k.campaign_id)
        .where('test_id', '=', k.test_id)
        .where('user_id', '=', k.user_id)
        .executeTakeFirst();
      return row && { ...row, given: givenOf(row.given) };
    },

    /**
     * Opens the session of this attempt: a new row, or one left by an earlier attempt (`replacing` its attempt) made
     * new. Nothing when another call opened it first; the caller reads it again.
     */
    async open(key: ProgressKey, state: AdaptiveSessionState, replacing: string | null, now = new Date()): Promise<void> {
      const values = { ...state, given: JSON.stringify(state.given), updated_at: now.toISOString() };
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
        .set({ ...next, given: JSON.stringify(next.given), updated_at: now.toISOString() })
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
