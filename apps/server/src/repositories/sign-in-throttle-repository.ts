import { type QueryCreator, sql } from 'kysely';
import { compiledByShape } from '../db/compiled-once';
import type { Db, WriteWithoutSync } from '../db/database';
import type { Database } from '../db/schema';

/**
 * The counts that protect accounts, kept in the database so that every app instance sees the same: the
 * failed sign-ins the guard counts (one row per account or address), and the requests of the shared
 * limits (services/shared-limits.ts).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** A key as the database gives it back (rows are matched by key): a lone surrogate, which UTF-8 cannot hold, as U+FFFD. */
export const storedKey = (key: string) => key.replace(LONE_SURROGATE, '\ufffd');

/** A key's requests in its window, as a count returns them: with this one, and when the window began. */
export interface RequestCount {
  count: number;
  windowStart: string;
}

/**
 * The guard's counts as a sign-in reads them (users.findForSignIn): whether the account has one, until when each key is
 * held back, and the sign-in's own request, counted under its address and account.
 */
export interface SignInCounts {
  accountCounted: boolean;
  heldUntil: (string | null)[];
  /** Until when the browser's device cookie is locked out (services/device-cookie.ts), if it presented one. */
  deviceHeldUntil: string | null;
  requests: RequestCount;
}

/**
 * The upsert that counts `n` more requests under each key, in a window that starts over at `at` once the last one began
 * at or before `ended`; it returns each key's count and window start. Part of other statements too (a sign-in's read).
 */
export function countingRequests(
  qc: QueryCreator<Database>,
  at: string,
  ended: string,
  requests: readonly (readonly [key: string, n: number])[],
) {
  return qc
    .insertInto('sign_in_throttle')
    .values(requests.map(([key, n]) => ({ key, failures: n, window_start: at, blocked_until: null })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`CASE WHEN sign_in_throttle.window_start <= ${ended} THEN excluded.failures ELSE sign_in_throttle.failures + excluded.failures END`,
        window_start: sql<string>`CASE WHEN sign_in_throttle.window_start <= ${ended} THEN ${at} ELSE sign_in_throttle.window_start END`,
      }),
    )
    .returning(['key', 'failures', 'window_start']);
}

/** `writeWithoutSync`: where the limits' request counts are written (a crash of the machine may forget the last ones). */
export function createSignInThrottleRepository(db: Db, writeWithoutSync: WriteWithoutSync) {
  /** Counts requests under `keys` (each key once, `n` more requests each): the query for that many keys, built once. */
  const counting = compiledByShape(
    (distinct: number) =>
      (at: string, ended: string, ...keysAndCounts: (string | number)[]) =>
        countingRequests(
          db,
          at,
          ended,
          Array.from({ length: distinct }, (_, i) => [keysAndCounts[2 * i] as string, keysAndCounts[2 * i + 1] as number] as const),
        ),
  );

  /**
   * Counts one more request under each key in a window of `windowMs` (a new window once the last one ended), in
   * one statement, so that instances counting at once never lose a count. A key may come more than once: each is
   * one more request. Answers, per request in order, its count in the window and when the window began.
   */
  async function countMany(
    requested: string[],
    windowMs: number,
    now = new Date(),
    { durable = false }: { durable?: boolean } = {},
  ): Promise<RequestCount[]> {
    const keys = requested.map(storedKey);
    const at = now.toISOString();
    const ended = new Date(now.getTime() - windowMs).toISOString();
    const requests = new Map<string, number>();
    for (const key of keys) requests.set(key, (requests.get(key) ?? 0) + 1);
    const query = counting(requests.size)(at, ended, ...[...requests].flat());
    // A request count is not worth a sync to the disk before the request goes on: the limits' counts are written
    // without one; the failed sign-ins the guard counts (`durable`) with one.
    const rows = durable ? (await db.executeQuery(query)).rows : await writeWithoutSync(query);
    const held = new Map(rows.map((row) => [row.key, { total: Number(row.failures), windowStart: row.window_start }]));
    // The requests of one key in the group are counted in the order they came: the last one reaches the total.
    const seen = new Map<string, number>();
    return keys.map((key) => {
      const nth = (seen.get(key) ?? 0) + 1;
      seen.set(key, nth);
      const { total, windowStart } = held.get(key)!;
      return { count: total - requests.get(key)! + nth, windowStart };
    });
  }

  return {
    /** Holds `key` back until `until`, unless it is held longer already (another instance counted a later failure). */
    async holdUntil(key: string, until: string): Promise<void> {
      await db
        .updateTable('sign_in_throttle')
        .set({
          blocked_until: sql<string>`CASE WHEN blocked_until IS NULL OR blocked_until < ${until} THEN ${until} ELSE blocked_until END`,
        })
        .where('key', '=', storedKey(key))
        .execute();
    },

    countMany,

    /** Drops the counts of windows long over (a day), which nothing reads any more. */
    async purgeStale(now = Date.now()): Promise<void> {
      const dayAgo = new Date(now - 24 * 60 * 60 * 1000).toISOString();
      await db
        .deleteFrom('sign_in_throttle')
        .where('window_start', '<', dayAgo)
        .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', new Date(now).toISOString())]))
        .execute();
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('sign_in_throttle').where('key', '=', storedKey(key)).execute();
    },
  };
}
