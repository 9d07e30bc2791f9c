import type { Db } from '../db/database';

/** How long a key is remembered: far longer than any client keeps retrying a write. */
const REQUEST_KEY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The idempotency keys of requests already carried out (see services/idempotent-request.ts). */
export function createRequestKeysRepository(db: Db) {
  return {
    /** Records the key; false when this caller's key was recorded before (the request is a repeat). */
    async claim(userId: number, key: string): Promise<boolean> {
      const result = await db
        .insertInto('request_keys')
        .values({ user_id: userId, key, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Forgets the keys older than their time to live. */
    async purgeExpired(now = Date.now()): Promise<void> {
      await db
        .deleteFrom('request_keys')
        .where('created_at', '<', new Date(now - REQUEST_KEY_TTL_MS).toISOString())
        .execute();
    },
  };
}
export type RequestKeysRepository = ReturnType<typeof createRequestKeysRepository>;
