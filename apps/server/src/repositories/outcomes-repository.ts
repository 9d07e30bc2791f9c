import { OUTCOMES_MAX_CHARS, type Outcome } from '@prova/contract/tests';
import { type Db, inTransaction } from '../db/database';
import { parseJson } from '../db/json-column';
import { lockAttempt } from './progress-repository';

export type OutcomeSource = 'client' | 'server' | 'assessor';

interface OutcomeKey {
  campaignId: number;
  testId: number;
  userId: number;
  source: OutcomeSource;
  /** The assessor who recorded them (source 'assessor' only). */
  assessorId?: number | null;
}

const outcomeKey = (o: Outcome) => `${String(o.questionId)}|${o.answerId === undefined ? '' : String(o.answerId)}|${o.evaluatedId ?? ''}`;

/** Later values win, question by question (and answer by answer for linked questions). */
export function mergeOutcomes(previous: Outcome[], next: Outcome[]): Outcome[] {
  const merged = new Map(previous.map((o) => [outcomeKey(o), o]));
  for (const o of next) merged.set(outcomeKey(o), o);
  return [...merged.values()];
}

/** The merged outcomes of one test, person and source would pass OUTCOMES_MAX_CHARS (answered as 413). */
export class OutcomesTooLargeError extends Error {
  readonly statusCode = 413;
  constructor() {
    super(`outcomes: more than ${OUTCOMES_MAX_CHARS} characters for this test and person`);
  }
}

/**
 * Outcomes: at most one row per (campaign, test, person, source, assessor) whose `outcomes` is the
 * whole current list. Client and assessor posts merge into it; a server scoring replaces it.
 */
export function createOutcomesRepository(db: Db) {
  const rowsOf = (trx: Db, key: OutcomeKey) => {
    let query = trx
      .selectFrom('outcomes')
      .select(['id', 'outcomes'])
      .where('campaign_id', '=', key.campaignId)
      .where('test_id', '=', key.testId)
      .where('user_id', '=', key.userId)
      .where('source', '=', key.source);
    query = key.assessorId != null ? query.where('assessor_id', '=', key.assessorId) : query.where('assessor_id', 'is', null);
    return query.orderBy('id').execute();
  };

  /** Writes the whole current list in place: one row per key, whose size is capped. */
  async function write(key: OutcomeKey, values: Outcome[], merge: boolean): Promise<void> {
    await inTransaction(db, async (trx) => {
      // Posts that arrive at once (two tabs, two instances) merge one after the other, none lost.
      await lockAttempt(trx, key);
      const rows = await rowsOf(trx, key);
      const previous = merge ? rows.flatMap((r) => parseJson<Outcome[]>(r.outcomes, [])) : [];
      const text = JSON.stringify(mergeOutcomes(previous, values));
      if (text.length > OUTCOMES_MAX_CHARS) throw new OutcomesTooLargeError();
      const at = new Date().toISOString();
      const [first, ...extra] = rows;
      if (extra.length)
        await trx
          .deleteFrom('outcomes')
          .where(
            'id',
            'in',
            extra.map((r) => r.id),
          )
          .execute();
      if (first) {
        await trx.updateTable('outcomes').set({ outcomes: text, created_at: at }).where('id', '=', first.id).execute();
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
      return (await rowsOf(db, key)).flatMap((r) => parseJson<Outcome[]>(r.outcomes, []));
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
        byUser.set(r.user_id, mergeOutcomes(byUser.get(r.user_id) ?? [], parseJson<Outcome[]>(r.outcomes, [])));
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
      for (const r of rows) byUser.set(r.user_id, mergeOutcomes(byUser.get(r.user_id) ?? [], parseJson<Outcome[]>(r.outcomes, [])));
      return byUser;
    },
  };
}
export type OutcomesRepository = ReturnType<typeof createOutcomesRepository>;
