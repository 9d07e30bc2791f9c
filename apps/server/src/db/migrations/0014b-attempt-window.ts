import type { Kysely } from 'kysely';

/**
 * The browser window that holds a person's attempt (issue 54): the last one that opened the test. A save from
 * another window is refused (409 WINDOW_SUPERSEDED) instead of silently overwriting what the holder saved. Null:
 * no window claimed it (a row from before, or a client that names no window), and every save applies as before.
 */
export function attemptWindow() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('test_progress').addColumn('window_id', 'text').execute();
    },
  };
}
