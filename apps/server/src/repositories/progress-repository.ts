import { sql } from 'kysely';
import type { Db } from '../db/database';

/** One versioned write of a person's progress in a test. */
export interface ProgressWrite {
  campaignId: number;
  testId: number;
  userId: number;
  version: number;
  /** Absent: the write carries data only (the status is left alone). */
  status?: 'incomplete' | 'complete';
  /** Absent: the write carries the status only (the data is left alone). */
  data?: string;
}

export interface ProgressState {
  campaignId: number;
  testId: number;
  userId: number;
  version: number;
  status: string;
  /** True when this write was applied; false when the server already held a newer version. */
  stored: boolean;
  /** True when the row was written and is now complete: the moment to (re)score it. */
  completeNow: boolean;
}

type Kind = 'sync' | 'status' | 'data';
const kindOf = (w: ProgressWrite): Kind => (w.status === undefined ? 'data' : w.data === undefined ? 'status' : 'sync');
const keyOf = (w: { campaignId: number; testId: number; userId: number }) => `${w.campaignId}:${w.testId}:${w.userId}`;

// The rules of a versioned write, evaluated inside the database on the row's primary key:
// - a write at the stored version or newer is applied (an equal version is an idempotent retry);
// - 'complete' sticks: a later 'incomplete' does not undo it unless the test is repeatable;
// - a stale 'complete' still completes a non-repeatable test (status-only updates carry the fixed
//   versions 1 and 2, which data saves overtake), without touching its data or version.
const applies = sql<boolean>`excluded.version >= test_progress.version`;
const notRepeatable = sql<boolean>`(select t.repeatable from tests t where t.id = excluded.test_id) = 0`;
const completesStale = sql<boolean>`(excluded.status = 'complete' and test_progress.status <> 'complete' and ${notRepeatable})`;
const nextStatus = sql<string>`case
  when ${applies} then case when test_progress.status = 'complete' and excluded.status <> 'complete' and ${notRepeatable} then 'complete' else excluded.status end
  when ${completesStale} then 'complete'
  else test_progress.status end`;
const nextVersion = sql<number>`case when excluded.version > test_progress.version then excluded.version else test_progress.version end`;
const nextData = sql<string | null>`case when ${applies} then excluded.data else test_progress.data end`;

export function createProgressRepository(db: Db) {
  /** One conditional upsert for many writes of one kind (at most one per key). */
  async function upsert(kind: Kind, writes: ProgressWrite[], now: string) {
    const rows = writes.map((w) => ({
      campaign_id: w.campaignId,
      test_id: w.testId,
      user_id: w.userId,
      version: w.version,
      status: w.status ?? 'incomplete',
      data: w.data ?? null,
      updated_at: now,
    }));
    return db
      .insertInto('test_progress')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['campaign_id', 'user_id', 'test_id'])
          .doUpdateSet({
            version: nextVersion,
            ...(kind !== 'data' ? { status: nextStatus } : {}),
            ...(kind !== 'status' ? { data: nextData } : {}),
            updated_at: sql`excluded.updated_at`,
          })
          .where(kind === 'data' ? applies : sql<boolean>`${applies} or ${completesStale}`),
      )
      .returning(['campaign_id', 'test_id', 'user_id', 'version', 'status'])
      .execute();
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
     * server holds afterwards.
     */
    async saveProgress(writes: ProgressWrite[]): Promise<ProgressState[]> {
      const now = new Date().toISOString();
      // Within one statement a key may appear once: the newest write of each kind and key goes.
      const groups = new Map<Kind, Map<string, ProgressWrite>>();
      for (const w of writes) {
        const kind = kindOf(w);
        const group = groups.get(kind) ?? new Map<string, ProgressWrite>();
        const seen = group.get(keyOf(w));
        if (!seen || seen.version <= w.version) group.set(keyOf(w), w);
        groups.set(kind, group);
      }
      const held = new Map<string, { version: number; status: string; written: boolean }>();
      for (const [kind, group] of groups) {
        for (const row of await upsert(kind, [...group.values()], now)) {
          held.set(keyOf({ campaignId: row.campaign_id, testId: row.test_id, userId: row.user_id }), {
            version: row.version,
            status: row.status,
            written: true,
          });
        }
      }
      const states: ProgressState[] = [];
      for (const w of writes) {
        let state = held.get(keyOf(w));
        if (!state) {
          // Nothing written: the server holds a newer version; say which (the rare path).
          const row = await find(w.campaignId, w.testId, w.userId);
          state = { version: row?.version ?? 0, status: row?.status ?? 'incomplete', written: false };
          held.set(keyOf(w), state);
        }
        states.push({
          campaignId: w.campaignId,
          testId: w.testId,
          userId: w.userId,
          version: state.version,
          status: state.status,
          stored: state.written && state.version === w.version,
          completeNow: state.written && state.status === 'complete',
        });
      }
      return states;
    },

    /** Tracking starts: a progress row exists from now on (version 0, incomplete). */
    async start(campaignId: number, testId: number, userId: number) {
      await db
        .insertInto('test_progress')
        .values({ campaign_id: campaignId, test_id: testId, user_id: userId, version: 0, status: 'incomplete', data: null, updated_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['campaign_id', 'user_id', 'test_id']).doNothing())
        .execute();
      return (await find(campaignId, testId, userId))!;
    },

    /** Marks the test complete whatever the versions (tracked outcomes count as completion). True if it changed. */
    async markComplete(campaignId: number, testId: number, userId: number): Promise<boolean> {
      const rows = await db
        .insertInto('test_progress')
        .values({ campaign_id: campaignId, test_id: testId, user_id: userId, version: 0, status: 'complete', data: null, updated_at: new Date().toISOString() })
        .onConflict((oc) =>
          oc
            .columns(['campaign_id', 'user_id', 'test_id'])
            .doUpdateSet({ status: 'complete', updated_at: sql`excluded.updated_at` })
            .where('test_progress.status', '<>', 'complete'),
        )
        .returning('version')
        .execute();
      return rows.length > 0;
    },

    /** Status and version of each test the person has progress in, in one campaign. */
    listForUser: (campaignId: number, userId: number) =>
      db
        .selectFrom('test_progress')
        .select(['test_id', 'status', 'version'])
        .where('campaign_id', '=', campaignId)
        .where('user_id', '=', userId)
        .execute(),
  };
}
export type ProgressRepository = ReturnType<typeof createProgressRepository>;
