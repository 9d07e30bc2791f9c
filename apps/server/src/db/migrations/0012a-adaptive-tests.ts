import type { Kysely } from 'kysely';

/**
 * Computer-adaptive QTI tests (bundle `tests[].adaptive`). `adaptive_tests`: a test's settings (model, stop rule,
 * every item's parameters) and its bank (each item's stripped XML and path), which are never served as files.
 * `adaptive_sessions`: one per attempt of a candidate, the items given in order with their scores, the item they
 * are on, the estimate; `answered` is the count every step is conditional on (a repeated call changes nothing).
 */
export function adaptiveTests() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('adaptive_tests')
        .addColumn('test_id', 'integer', (c) => c.primaryKey())
        .addColumn('package_hash', 'text', (c) => c.notNull())
        .addColumn('settings', 'text', (c) => c.notNull())
        .addColumn('bank', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('adaptive_sessions')
        .addColumn('campaign_id', 'integer', (c) => c.notNull())
        .addColumn('test_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        // The attempt it belongs to (its progress row's started_at): a repeat or a reset starts a new session.
        .addColumn('attempt', 'text', (c) => c.notNull())
        .addColumn('seed', 'text', (c) => c.notNull())
        .addColumn('answered', 'integer', (c) => c.notNull())
        .addColumn('given', 'text', (c) => c.notNull())
        .addColumn('current', 'text')
        .addColumn('theta', 'double precision', (c) => c.notNull())
        .addColumn('se', 'double precision', (c) => c.notNull())
        .addColumn('done', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('adaptive_sessions_pk', ['campaign_id', 'test_id', 'user_id'])
        .execute();
    },
  };
}
