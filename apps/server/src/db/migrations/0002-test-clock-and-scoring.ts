import { type Kysely, sql } from 'kysely';
import { autoId, type DialectName } from '../dialect';

/**
 * The server's clock of timed tests, the scoring queue's marker, and the history of attempts that a
 * repeat (or, later, a staff reset) replaces.
 */
export function testClockAndScoring(dialect: DialectName) {
  const id = autoId(dialect);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('test_progress').addColumn('started_at', 'text').execute();
      // The instant a timed test ends for this person (extra time included), without network grace.
      await db.schema.alterTable('test_progress').addColumn('ends_at', 'text').execute();
      // 1 while a complete test with a scoring script waits for the server's scoring.
      await db.schema
        .alterTable('test_progress')
        .addColumn('scoring_due', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The expiry sweep and the scoring sweep read only the few rows that wait for them.
      await db.schema
        .createIndex('test_progress_ends_idx')
        .on('test_progress')
        .column('ends_at')
        .where(sql<boolean>`status = 'incomplete'`)
        .execute();
      await db.schema
        .createIndex('test_progress_scoring_idx')
        .on('test_progress')
        .column('updated_at')
        .where(sql<boolean>`scoring_due = 1`)
        .execute();

      await db.schema
        .createTable('test_progress_history')
        .addColumn('id', 'integer', id)
        .addColumn('campaign_id', 'integer', (c) => c.notNull())
        .addColumn('test_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('data', 'text')
        .addColumn('started_at', 'text')
        .addColumn('ends_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('archived_at', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('test_progress_history_idx')
        .on('test_progress_history')
        .columns(['campaign_id', 'test_id', 'user_id'])
        .execute();
    },
  };
}
