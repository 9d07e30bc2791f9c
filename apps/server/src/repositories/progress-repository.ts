import {
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  PostgresAdapter,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
  type UpdateObject,
} from 'kysely';
import { DB_INT_MAX, MAX_TEST_ATTEMPTS } from '@prova/contract/limits';
import { type Db, inTransaction, type WriteDurably } from '../db/database';
import { serializeOnKey } from '../db/dialect';
import type { Database, TestProgressTable } from '../db/schema';
import { isServerScoredSql } from './test-scoring';
import { createProgressUpsert, kindOf, type Kind, open, type ProgressKey, type ProgressWrite } from './progress-upsert';

export type { ProgressKey, ProgressWrite } from './progress-upsert';
import { expiredBefore, isTimeUp } from '../domain/test-clock';

/** Why a write changed nothing although it was not stale: the test is over, or another window holds the attempt. */
export type Refusal = 'complete' | 'timeUp' | 'otherWindow';

export interface ProgressState extends ProgressKey {
  version: number;
  status: string;
  /** True when this write was applied; false when the server already held a newer version, or refused it. */
  stored: boolean;
  /** True when this write made the test complete: the moment to score it. */
  completeNow: boolean;
  /** Set when the test was already complete, its time was up, or another window holds it: the write was refused. */
  refused?: Refusal;
}

const keyOf = (w: ProgressKey) => `${w.campaignId}:${w.testId}:${w.userId}`;
/** Narrows any query on test_progress to one person's progress in one test. */
const whereKey =
  (k: ProgressKey) =>
  <Q extends { where(column: 'campaign_id' | 'test_id' | 'user_id', op: '=', value: number): Q }>(qb: Q): Q =>
    qb.where('campaign_id', '=', k.campaignId).where('test_id', '=', k.testId).where('user_id', '=', k.userId);

/**
 * Until the end of `trx`, other transactions on this person's attempt at this test (outcomes written, a repeat, a
 * reset) wait: each reads what the one before wrote.
 */
export const lockAttempt = (trx: Db, key: ProgressKey) => serializeOnKey(trx, `attempt:${key.campaignId}:${key.testId}:${key.userId}`);

/**
 * An attempt goes to the history (with why), and the person's row starts over empty, one version newer
 * (so that no browser's copy of the old attempt overrides it), with the clock given (null: not started yet).
 */
export async function startOver(
  trx: Db,
  row: Selectable<TestProgressTable>,
  reason: string,
  at: string,
  clock: { startedAt: string | null; endsAt: string | null; lang: string | null },
): Promise<void> {
  const { campaign_id, test_id, user_id, version, status, data, started_at, ends_at, updated_at, lang } = row;
  await trx
    .insertInto('test_progress_history')
    .values({ campaign_id, test_id, user_id, version, status, data, started_at, ends_at, updated_at, lang, archived_at: at, reason })
    .execute();
  await trx
    .updateTable('test_progress')
    .set({
      status: 'incomplete',
      data: null,
      // Newer than any copy a browser holds; a version already at the column's largest stays there.
      version: Math.min(version + 1, DB_INT_MAX),
      started_at: clock.startedAt,
      ends_at: clock.endsAt,
      lang: clock.lang,
      scoring_due: 0,
      // A scoring of the old attempt under way finishes nothing (its version is gone), and claims nothing new.
      scoring_claimed_by: null,
      scoring_claimed_until: null,
      updated_at: at,
    })
    .where('campaign_id', '=', campaign_id)
    .where('test_id', '=', test_id)
    .where('user_id', '=', user_id)
    .execute();
  // The assessors' ratings were of the old attempt's answers: the new one is rated afresh.
  await trx
    .deleteFrom('item_ratings')
    .where('campaign_id', '=', campaign_id)
    .where('test_id', '=', test_id)
    .where('user_id', '=', user_id)
    .execute();
}

const KEY_FIELDS = ['campaign_id', 'test_id', 'user_id'] as const;
/** Rows the expiry sweep settles in one statement at most (the rest at its next turn). */
export const SETTLE_BATCH = 500;
/** How long a claim on a scoring holds: queued and run well within it; past it, its instance is taken to have died. */
export const SCORING_LEASE_MS = 5 * 60_000;

/** Due for scoring, and claimed by nobody (or by an instance whose lease ran out). */
const scoringFree = (now: Date) => (eb: ExpressionBuilder<Database, 'test_progress'>) =>
  eb.and([
    eb('scoring_due', '=', 1),
    eb.or([eb('scoring_claimed_until', 'is', null), eb('scoring_claimed_until', '<=', now.toISOString())]),
  ]);
const claimedFor = (claimer: string, now: Date) => ({
  scoring_claimed_by: claimer,
  scoring_claimed_until: new Date(now.getTime() + SCORING_LEASE_MS).toISOString(),
});

/** Why an attempt that a person's new attempt replaces is in the history (a staff reset gives its own reason). */
const REPEAT_REASON = 'repeat';

/** Attempts a person has begun at a test: the times they took it again, and the current one once opened (or done). */
export const attemptsMade = (row: Pick<Selectable<TestProgressTable>, 'started_at' | 'status'> | undefined, repeats = 0) =>
  repeats + (row && (row.started_at !== null || row.status === 'complete') ? 1 : 0);

async function repeatsIn(db: Db, campaignId: number, userId: number, testIds: number[]): Promise<Map<number, number>> {
  if (testIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('test_progress_history')
    .select('test_id')
    .select((eb) => eb.fn.countAll().as('repeats'))
    .where('campaign_id', '=', campaignId)
    .where('user_id', '=', userId)
    .where('test_id', 'in', testIds)
    .where('reason', '=', REPEAT_REASON)
    .groupBy('test_id')
    .execute();
  return new Map(rows.map((row) => [row.test_id, Number(row.repeats)]));
}

type HeldRow = { campaign_id: number; test_id: number; user_id: number; version: number; status: string; started_at: string | null };

export function createProgressRepository(db: Db, writeDurably?: WriteDurably) {
  const onPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const upsert = createProgressUpsert(db, onPostgres);

  /**
   * Updates the rows `pick` selects, if each still meets `still` (re-checked on the row as the update finds it), and
   * answers their keys: how a sweep claims its work. The pick is a CTE, run once; on PostgreSQL it locks the rows it
   * takes and passes over rows another transaction has locked (`for update skip locked`), so sweeps at once take
   * different rows and neither waits for the other. SQLite runs one writing statement at a time.
   */
  function updatePicked(
    pick: SelectQueryBuilder<Database, 'test_progress', Pick<Selectable<TestProgressTable>, (typeof KEY_FIELDS)[number]>>,
    set: UpdateObject<Database, 'test_progress'>,
    still: (eb: ExpressionBuilder<Database, 'test_progress'>) => Expression<SqlBool>,
  ) {
    return db
      .with('picked', () => (onPostgres ? pick.forUpdate().skipLocked() : pick))
      .updateTable('test_progress')
      .set(set)
      .where(({ eb, refTuple, selectFrom }) =>
        eb(
          refTuple(...KEY_FIELDS),
          'in',
          selectFrom('picked')
            .select(KEY_FIELDS)
            .$asTuple(...KEY_FIELDS),
        ),
      )
      .where(still)
      .returning(KEY_FIELDS)
      .execute();
  }

  /** The queries in one durable transaction: the handle's group writer, or this connection (a transaction's). */
  async function writeTogether(queries: CompiledQuery[]): Promise<HeldRow[][]> {
    if (writeDurably) return (await writeDurably(queries)) as HeldRow[][];
    return inTransaction(db, async (trx) => {
      const results: HeldRow[][] = [];
      for (const query of queries) results.push((await trx.executeQuery<HeldRow>(query)).rows);
      return results;
    });
  }

  /**
   * A write into a row whose clock has not started (a test reset while its page stayed open) starts it, as the
   * first write of a new row does: a timed test cannot be saved for ever. Not in the upsert itself: a clock in
   * its update list would rewrite the row's entry in the index of running clocks at every save (on SQLite, which
   * goes by the columns an update names), half again the log written by a group's commit. So it follows, in a
   * transaction of its own before the write is answered; only rows still without a clock are changed.
   */
  async function startClocks(writes: ProgressWrite[], now: Date): Promise<void> {
    await writeTogether(
      writes.map((w) =>
        db
          .updateTable('test_progress')
          .set({ started_at: (w.at ?? now).toISOString(), ends_at: w.endsAt, lang: w.lang ?? null })
          .$call(whereKey(w))
          .where('started_at', 'is', null)
          .compile(),
      ),
    );
  }

  const find = (campaignId: number, testId: number, userId: number) =>
    db
      .selectFrom('test_progress')
      .selectAll()
      .where('campaign_id', '=', campaignId)
      .where('test_id', '=', testId)
      .where('user_id', '=', userId)
      .executeTakeFirst();

  return {
    find,

    /**
     * Saves versioned writes: one indexed conditional statement per kind of write, however many
     * writes come together, so concurrent saves can be batched. Answers, per write, what the
     * server holds afterwards and whether the write was refused (complete, or time up).
     */
    async saveProgress(writes: ProgressWrite[], now: Date = new Date()): Promise<ProgressState[]> {
      // Within one statement a key may appear once: the newest write of each kind, key and window goes. Writes of one
      // key from two windows go in statements of their own (rounds), so that each is answered for itself: the one
      // the holder's window sent is applied, the other refused.
      const rounds: Array<Map<Kind, Map<string, ProgressWrite>>> = [];
      const keys = writes.map(keyOf);
      const writeKeys = writes.map((w, i) => `${keys[i]}|${w.windowId ?? ''}`);
      writes.forEach((w, i) => {
        const kind = kindOf(w);
        for (const round of rounds) {
          let group = round.get(kind);
          if (!group) round.set(kind, (group = new Map()));
          const seen = group.get(keys[i]);
          if (seen && (seen.windowId ?? '') !== (w.windowId ?? '')) continue;
          if (!seen || seen.version <= w.version) group.set(keys[i], w);
          return;
        }
        rounds.push(new Map([[kind, new Map([[keys[i], w]])]]));
      });
      const held = new Map<string, { version: number; status: string; written: boolean; refused?: Refusal }>();
      const statements = rounds.flatMap((round) => [...round]);
      const results = await writeTogether(statements.map(([kind, group]) => upsert(kind, [...group.values()], now)));
      const unstarted: ProgressWrite[] = [];
      results.forEach((rows, i) => {
        for (const row of rows) {
          const w = statements[i][1].get(keyOf({ campaignId: row.campaign_id, testId: row.test_id, userId: row.user_id }))!;
          held.set(`${keyOf(w)}|${w.windowId ?? ''}`, { version: row.version, status: row.status, written: true });
          if (row.started_at === null) unstarted.push(w);
        }
      });
      if (unstarted.length > 0) await startClocks(unstarted, now);
      const states: ProgressState[] = [];
      for (const [i, w] of writes.entries()) {
        let state = held.get(writeKeys[i]);
        if (!state) {
          // Nothing written: stale, or refused; say which and what the server holds (the rare path).
          const row = await find(w.campaignId, w.testId, w.userId);
          const refused: Refusal | undefined =
            row?.status === 'complete'
              ? 'complete'
              : row && isTimeUp(row, now)
                ? 'timeUp'
                : row && w.windowId !== undefined && row.window_id !== null && row.window_id !== w.windowId
                  ? 'otherWindow'
                  : undefined;
          const status = refused === 'complete' || refused === 'timeUp' ? 'complete' : (row?.status ?? 'incomplete');
          state = { version: row?.version ?? 0, status, written: false, refused };
          held.set(writeKeys[i], state);
        }
        states.push({
          campaignId: w.campaignId,
          testId: w.testId,
          userId: w.userId,
          version: state.version,
          status: state.status,
          stored: state.written && state.version === w.version,
          completeNow: state.written && state.status === 'complete',
          ...(state.refused ? { refused: state.refused } : {}),
        });
      }
      return states;
    },

    /**
     * The test is opened in `lang`: a progress row exists from now on, and a timed test's clock starts (once:
     * reloads and later openings keep the first start, and the language it was first opened in).
     */
    async start(key: ProgressKey, endsAt: string | null, now: Date = new Date(), lang: string | null = null) {
      const at = now.toISOString();
      const started = await db
        .insertInto('test_progress')
        .values({
          campaign_id: key.campaignId,
          test_id: key.testId,
          user_id: key.userId,
          version: 0,
          status: 'incomplete',
          data: null,
          updated_at: at,
          started_at: at,
          ends_at: endsAt,
          lang,
        })
        .onConflict((oc) =>
          oc
            .columns(['campaign_id', 'user_id', 'test_id'])
            .doUpdateSet({ started_at: sql`excluded.started_at`, ends_at: sql`excluded.ends_at`, lang: sql`excluded.lang` })
            .where('test_progress.started_at', 'is', null)
            .where('test_progress.status', '<>', 'complete'),
        )
        .returningAll()
        .executeTakeFirst();
      // A test started before (a reload) or complete is left as it is, and the statement returns nothing.
      return started ?? (await find(key.campaignId, key.testId, key.userId))!;
    },

    /**
     * A repeatable test taken again: the finished attempt goes to the history, and a new one starts
     * empty with a newer version (so no browser's copy of the old attempt overrides it) and a new clock.
     * Null, and nothing changed, when the person has made `maxAttempts` attempts already (counted under the
     * attempt's lock, so two openings at once cannot both pass the bound).
     */
    async reopen(
      key: ProgressKey,
      endsAt: string | null,
      now: Date = new Date(),
      lang: string | null = null,
      maxAttempts = MAX_TEST_ATTEMPTS,
    ) {
      const at = now.toISOString();
      const reopened = await inTransaction(db, async (trx) => {
        await lockAttempt(trx, key);
        const row = await trx
          .selectFrom('test_progress')
          .selectAll()
          .$call(whereKey(key))
          .where('status', '=', 'complete')
          .executeTakeFirst();
        if (!row) return true;
        const repeats = (await repeatsIn(trx, key.campaignId, key.userId, [key.testId])).get(key.testId);
        if (attemptsMade(row, repeats) >= maxAttempts) return false;
        await startOver(trx, row, REPEAT_REASON, at, { startedAt: at, endsAt, lang });
        return true;
      });
      return reopened ? (await find(key.campaignId, key.testId, key.userId))! : null;
    },

    /**
     * `windowId` holds the attempt from now on (the test was opened there, or "Continua qui" took it over): the saves
     * of any other window are refused. A complete test is nobody's to hold.
     */
    async claimWindow(key: ProgressKey, windowId: string): Promise<void> {
      await db.updateTable('test_progress').set({ window_id: windowId }).$call(whereKey(key)).where('status', '<>', 'complete').execute();
    },

    /** Per test, how many times the person took it again (REPEAT_REASON in the history); tests never repeated are absent. */
    repeatsOf: (campaignId: number, userId: number, testIds: number[]) => repeatsIn(db, campaignId, userId, testIds),

    /**
     * Marks the test complete (tracked outcomes count as completion) unless it already is, or its
     * time is up. True if it changed.
     */
    async markComplete(key: ProgressKey, scored: boolean, now: Date = new Date()): Promise<boolean> {
      const at = now.toISOString();
      const rows = await db
        .insertInto('test_progress')
        .values({
          campaign_id: key.campaignId,
          test_id: key.testId,
          user_id: key.userId,
          version: 0,
          status: 'complete',
          data: null,
          updated_at: at,
          started_at: at,
          ends_at: null,
          scoring_due: scored ? 1 : 0,
        })
        .onConflict((oc) =>
          oc
            .columns(['campaign_id', 'user_id', 'test_id'])
            .doUpdateSet({ status: 'complete', updated_at: sql`excluded.updated_at`, scoring_due: sql`excluded.scoring_due` })
            .where(open(expiredBefore(now))),
        )
        .returning('version')
        .execute();
      return rows.length > 0;
    },

    /**
     * Timed tests whose time and grace ran out are complete: settles them (the one given, or up to `limit` of
     * them) and answers which changed, for scoring. Each row is settled by one caller: the update takes only rows
     * still incomplete, and on PostgreSQL a sweep passes over rows that another instance's sweep is settling
     * (`for update skip locked`), so sweeps at once neither wait for each other nor settle a row twice.
     */
    async settleExpired(now: Date = new Date(), only?: ProgressKey, limit = SETTLE_BATCH): Promise<ProgressKey[]> {
      const settle = {
        status: 'complete',
        updated_at: now.toISOString(),
        scoring_due: sql<number>`case when exists (select 1 from tests t where t.id = test_progress.test_id and ${isServerScoredSql}) then 1 else 0 end`,
      };
      const expired = (eb: ExpressionBuilder<Database, 'test_progress'>) =>
        eb.and([eb('status', '=', 'incomplete'), eb('ends_at', '<=', expiredBefore(now))]);
      const rows = only
        ? await db.updateTable('test_progress').set(settle).where(expired).$call(whereKey(only)).returning(KEY_FIELDS).execute()
        : await updatePicked(
            db.selectFrom('test_progress').select(KEY_FIELDS).where(expired).orderBy('ends_at').limit(limit),
            settle,
            expired,
          );
      return rows.map((r) => ({ campaignId: r.campaign_id, testId: r.test_id, userId: r.user_id }));
    },

    /**
     * Claims up to `limit` complete tests waiting for the server's scoring, oldest first, for `claimer` (one
     * instance) until the lease's end, and answers them. A test claimed by another instance whose lease still holds
     * is left to it; one whose lease ran out (its instance died) is claimed again. Claimers at once never get the
     * same test: the update re-checks that each row is free, and on PostgreSQL rows another claimer is taking are
     * passed over (`for update skip locked`); SQLite runs one writing statement at a time.
     */
    async claimScoringDue(claimer: string, limit: number, now: Date = new Date()): Promise<ProgressKey[]> {
      const pick = db.selectFrom('test_progress').select(KEY_FIELDS).where(scoringFree(now)).orderBy('updated_at').limit(limit);
      const rows = await updatePicked(pick, claimedFor(claimer, now), scoringFree(now));
      return rows.map((r) => ({ campaignId: r.campaign_id, testId: r.test_id, userId: r.user_id }));
    },

    /** Claims this test's scoring for `claimer` (or renews its own claim); false when it is not due, or another holds it. */
    async claimScoring(key: ProgressKey, claimer: string, now: Date = new Date()): Promise<boolean> {
      const rows = await db
        .updateTable('test_progress')
        .set(claimedFor(claimer, now))
        .$call(whereKey(key))
        .where((eb) => eb.or([scoringFree(now)(eb), eb.and([eb('scoring_due', '=', 1), eb('scoring_claimed_by', '=', claimer)])]))
        .returning('version')
        .execute();
      return rows.length > 0;
    },

    /**
     * The scoring `claimer` ran on this attempt is done (or failed for good): the test leaves the queue and its claim
     * goes. True when it was still `claimer`'s to finish: still due, at this version (no new attempt came since), and
     * claimed by no one else. Only then may its outcomes be written (in the same transaction).
     */
    async finishScoring(key: ProgressKey, version: number, claimer: string): Promise<boolean> {
      const rows = await db
        .updateTable('test_progress')
        .set({ scoring_due: 0, scoring_claimed_by: null, scoring_claimed_until: null })
        .$call(whereKey(key))
        .where('version', '=', version)
        .where('scoring_due', '=', 1)
        .where('scoring_claimed_by', '=', claimer)
        .returning('version')
        .execute();
      return rows.length > 0;
    },

    /** `claimer` gives its claim up (its run failed before it could finish): the next sweep takes the test again. */
    async releaseScoring(key: ProgressKey, claimer: string): Promise<void> {
      await db
        .updateTable('test_progress')
        .set({ scoring_claimed_by: null, scoring_claimed_until: null })
        .$call(whereKey(key))
        .where('scoring_claimed_by', '=', claimer)
        .execute();
    },

    /** Status, version and clock of each test the person has progress in, in one campaign. */
    listForUser: (campaignId: number, userId: number) =>
      db
        .selectFrom('test_progress')
        .select(['test_id', 'status', 'version', 'started_at', 'ends_at'])
        .where('campaign_id', '=', campaignId)
        .where('user_id', '=', userId)
        .execute(),
  };
}
export type ProgressRepository = ReturnType<typeof createProgressRepository>;
