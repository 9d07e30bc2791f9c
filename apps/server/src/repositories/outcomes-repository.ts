import { OUTCOMES_MAX_CHARS, type Outcome } from '@prova/contract/tests';
import { type Db, inTransaction } from '../db/database';
import { mergeOutcomes } from '../domain/outcomes';
import { readOutcomes } from './json-column-readers';
import { lockAttempt } from './progress-repository';

export type OutcomeSource = 'client' | 'server' | 'assessor' | 'content';

interface OutcomeKey {
  campaignId: number;
  testId: number;
  userId: number;
  source: OutcomeSource;
  /** The assessor who recorded them (source 'assessor' only). */
  assessorId?: number | null;
}

/** The merged outcomes of one test, person and source would pass OUTCOMES_MAX_CHARS (answered as 413). */
export class OutcomesTooLargeError extends Error {
  readonly statusCode = 413;
  constructor() {
    super(`outcomes: more than ${OUTCOMES_MAX_CHARS} characters for this test and person`);
  }
}

/**
 * Outcomes: one row per (campaign, test, person, source, assessor), a unique key (`outcomes_unique`), whose
 * `outcomes` is the whole current list. Client and assessor posts merge into it; a server scoring replaces it.
 */
export function createOutcomesRepository(db: Db) {
  const rowOf = (trx: Db, key: OutcomeKey) => {
    let query = trx
      .selectFrom('outcomes')
      .select(['id', 'outcomes'])
      .where('campaign_id', '=', key.campaignId)
      .where('test_id', '=', key.testId)
      .where('user_id', '=', key.userId)
      .where('source', '=', key.source);
    query = key.assessorId != null ? query.where('assessor_id', '=', key.assessorId) : query.where('assessor_id', 'is', null);
    return query.executeTakeFirst();
  };

  /** Writes the whole current list in place: the key's one row, whose size is capped. */
  async function write(key: OutcomeKey, values: Outcome[], merge: boolean): Promise<void> {
    await inTransaction(db, async (trx) => {
      // Posts that arrive at once (two tabs, two instances) merge one after the other, none lost.
      await lockAttempt(trx, key);
      const row = await rowOf(trx, key);
      const previous = merge && row ? readOutcomes(row.outcomes) : [];
      const text = JSON.stringify(mergeOutcomes(previous, values));
      if (text.length > OUTCOMES_MAX_CHARS) throw new OutcomesTooLargeError();
      const at = new Date().toISOString();
      if (row) {
        await trx.updateTable('outcomes').set({ outcomes: text, created_at: at }).where('id', '=', row.id).execute();
        return;
      }
      await trx
        .insertInto('outcomes')
        .values({
          campaign_id: key.campaignId,
          test_id: key.testId,
          user_id: key.userId,
          source: key.source,
          assessor_id: key.assessorId ?? null,
          outcomes: text,
          created_at: at,
        })
        .execute();
    });
  }

  return {
    /** Adds to (or corrects) the outcomes a client or an assessor recorded. */
    merge: (key: OutcomeKey, values: Outcome[]) => write(key, values, true),
    /** Replaces the outcomes of a source (the server's scoring). */
    replace: (key: OutcomeKey, values: Outcome[]) => write(key, values, false),

    async find(key: OutcomeKey): Promise<Outcome[]> {
      return readOutcomes((await rowOf(db, key))?.outcomes);
    },

    /** What one assessor recorded in a campaign, by test and person. */
    async listByAssessorInCampaign(campaignId: number, assessorId: number) {
      const rows = await db
        .selectFrom('outcomes')
        .select(['test_id', 'user_id', 'outcomes'])
        .where('campaign_id', '=', campaignId)
        .where('source', '=', 'assessor')
        .where('assessor_id', '=', assessorId)
        .orderBy('id')
        .execute();
      const byTest = new Map<number, Map<number, Outcome[]>>();
      for (const r of rows) {
        const byUser = byTest.get(r.test_id) ?? new Map<number, Outcome[]>();
        byUser.set(r.user_id, mergeOutcomes(byUser.get(r.user_id) ?? [], readOutcomes(r.outcomes)));
        byTest.set(r.test_id, byUser);
      }
      return byTest;
    },

    /** What one assessor recorded about each person, in one test. */
    async listByAssessor(campaignId: number, testId: number, assessorId: number) {
      const rows = await db
        .selectFrom('outcomes')
        .select(['user_id', 'outcomes'])
        .where('campaign_id', '=', campaignId)
        .where('test_id', '=', testId)
        .where('source', '=', 'assessor')
        .where('assessor_id', '=', assessorId)
        .orderBy('id')
        .execute();
      const byUser = new Map<number, Outcome[]>();
      for (const r of rows) byUser.set(r.user_id, mergeOutcomes(byUser.get(r.user_id) ?? [], readOutcomes(r.outcomes)));
      return byUser;
    },
  };
}
export type OutcomesRepository = ReturnType<typeof createOutcomesRepository>;
