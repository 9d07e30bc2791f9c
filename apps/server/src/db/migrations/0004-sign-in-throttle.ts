import type { Kysely } from 'kysely';

/**
 * Failed sign-ins by account and by address, kept in the database so that every app instance sees the
 * same counts and a restart forgets nothing.
 */
export function signInThrottle() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('sign_in_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('blocked_until', 'text')
        .execute();
    },
  };
}
