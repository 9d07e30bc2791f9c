import type { Kysely } from 'kysely';

/**
 * One counter that every wholesale change (an import) moves: a server on the same SQLite file reads
 * it now and then to learn that another process (the import CLI) changed people or campaigns, and
 * drops its in-memory copies (db/change-feed.ts). PostgreSQL servers hear it by NOTIFY instead.
 */
export function dataChanges() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('data_changes')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('serial', 'integer', (c) => c.notNull())
        .execute();
      await db.insertInto('data_changes').values({ id: 1, serial: 0 }).execute();
    },
  };
}
