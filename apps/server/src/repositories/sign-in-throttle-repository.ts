import type { Db } from '../db/database';

export interface ThrottleRow {
  key: string;
  failures: number;
  window_start: string;
  blocked_until: string | null;
}

/** The failed sign-ins the guard counts, one row per account or address. */
export function createSignInThrottleRepository(db: Db) {
  return {
    find: (keys: string[]) => db.selectFrom('sign_in_throttle').selectAll().where('key', 'in', keys).execute(),

    async save(row: ThrottleRow): Promise<void> {
      await db
        .insertInto('sign_in_throttle')
        .values(row)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ failures: row.failures, window_start: row.window_start, blocked_until: row.blocked_until }),
        )
        .execute();
    },

    async clear(key: string): Promise<void> {
      await db.deleteFrom('sign_in_throttle').where('key', '=', key).execute();
    },
  };
}
