import type { Kysely } from 'kysely';

/**
 * Erasure and retention of personal data (issue 52). An erased person's users row stays as a tombstone
 * (`erased_at`, no name, a placeholder e-mail), so that the rows statistics read keep their foreign keys. Each company
 * says whether an erasure keeps the person's results as anonymous rows (`erasure_keeps_results`, the default) or
 * removes them, and after how many months from a campaign's end its people are erased (`retention_months`; null:
 * kept), which a campaign may override. `erasures` is the receipt of each erasure, naming nobody; `retention_runs`
 * the daily retention run, one row per day claimed by one instance; `retention_notices` who staff were told will go.
 */
export function erasureAndRetention() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('users').addColumn('erased_at', 'text').execute();
      await db.schema
        .alterTable('companies')
        .addColumn('erasure_keeps_results', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('companies').addColumn('retention_months', 'integer').execute();
      await db.schema.alterTable('campaigns').addColumn('retention_months', 'integer').execute();
      await db.schema
        .createTable('erasures')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('erased_by', 'integer')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('kept_results', 'integer', (c) => c.notNull())
        .addColumn('rows', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('erasures_company').on('erasures').columns(['company_id', 'at']).execute();
      await db.schema
        .createTable('retention_runs')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('claimed_by', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('erased', 'integer')
        .addColumn('noticed', 'integer')
        .execute();
      await db.schema
        .createTable('retention_notices')
        .addColumn('user_id', 'integer', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('erase_on', 'text', (c) => c.notNull())
        .addColumn('notified_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
