import { type Kysely, sql } from 'kysely';

/**
 * What bounds the logs: each entry's size kept beside it (`bytes`, its UTF-8 length), so that a person's quota is
 * summed from an index alone (logs-repository.ts, usage); and the index the retention purge deletes by.
 */
export function logBounds() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('logs')
        .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Entries kept before: their length in characters, close enough for a quota of the last day.
      await db
        .updateTable('logs')
        .set({ bytes: sql`length(data)` })
        .execute();
      await db.schema.createIndex('logs_quota_idx').on('logs').columns(['user_id', 'created_at', 'test_id', 'bytes']).execute();
      await db.schema.createIndex('logs_created_idx').on('logs').column('created_at').execute();
    },
  };
}
