import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * Saves update a progress row in place. PostgreSQL can only do that (a heap-only update: no new entry in any
 * index) when no indexed column changes and the row's page has room. Every save changes `updated_at`, which the
 * scoring queue's index held, so every save added an entry to each of the table's indexes. The queue's index
 * now holds the key, which saves never change (the sweep sorts its few rows itself), and on PostgreSQL a fifth
 * of each page is left free for the next versions of its rows.
 */
export function progressUpdatesInPlace(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.dropIndex('test_progress_scoring_idx').execute();
      await db.schema
        .createIndex('test_progress_scoring_idx')
        .on('test_progress')
        .columns(['campaign_id', 'test_id', 'user_id'])
        .where(sql<boolean>`scoring_due = 1`)
        .execute();
      // Pages written from now on; `VACUUM FULL test_progress` rewrites the others.
      if (dialect === 'postgres') await sql`alter table test_progress set (fillfactor = 80)`.execute(db);
    },
  };
}
