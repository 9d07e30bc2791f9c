import { type Kysely, sql } from 'kysely';
import { autoId, type DialectName } from '../dialect';

/**
 * The staff console: people can be deactivated; a test created from the console belongs to its
 * company; an assessment (a "sample") gets an id of its own to be named by; invitations are recorded;
 * outcomes replaced by a reset are kept; imports and exports run as jobs any instance can report on.
 */
export function staff(dialect: DialectName) {
  const id = autoId(dialect);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('users').addColumn('deactivated_at', 'text').execute();
      await db.schema.alterTable('tests').addColumn('owner_company_id', 'integer').execute();

      // Assessments keep their columns and their uniqueness, and gain an id: copied into a new table,
      // which then takes the old one's name (SQLite cannot add a numbered primary key to a table).
      await db.schema
        .createTable('assessments_next')
        .addColumn('id', 'integer', id)
        .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id'))
        .addColumn('assessor_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('assessed_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id'))
        .execute();
      await sql`insert into assessments_next (campaign_id, assessor_id, assessed_id, test_id)
        select campaign_id, assessor_id, assessed_id, test_id from assessments
        order by campaign_id, assessor_id, assessed_id, test_id`.execute(db);
      await db.schema.dropTable('assessments').execute();
      await db.schema.alterTable('assessments_next').renameTo('assessments').execute();
      await db.schema
        .createIndex('assessments_unique')
        .on('assessments')
        .columns(['campaign_id', 'assessor_id', 'assessed_id', 'test_id'])
        .unique()
        .execute();
      await db.schema.createIndex('assessments_assessed_idx').on('assessments').columns(['campaign_id', 'assessed_id']).execute();

      await db.schema
        .createTable('invitations')
        .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('invited_at', 'text', (c) => c.notNull())
        .addColumn('invited_by', 'integer', (c) => c.notNull())
        .addColumn('times', 'integer', (c) => c.notNull().defaultTo(1))
        .addPrimaryKeyConstraint('invitations_pk', ['campaign_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('outcomes_history')
        .addColumn('id', 'integer', id)
        .addColumn('campaign_id', 'integer', (c) => c.notNull())
        .addColumn('test_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('assessor_id', 'integer')
        .addColumn('outcomes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('archived_at', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('outcomes_history_idx').on('outcomes_history').columns(['campaign_id', 'test_id', 'user_id']).execute();

      await db.schema
        .createTable('staff_jobs')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('phase', 'text', (c) => c.notNull())
        .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('campaign_id', 'integer')
        .addColumn('format', 'text')
        // The uploaded bundle, kept from validation to confirmation.
        .addColumn('input', 'text')
        .addColumn('problems', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('plan', 'text')
        .addColumn('summary', 'text')
        .addColumn('file_name', 'text')
        .addColumn('file_type', 'text')
        // The exported file, base64: text reads alike on both databases.
        .addColumn('file_data', 'text')
        .addColumn('file_size', 'integer')
        .addColumn('error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('staff_jobs_company_idx').on('staff_jobs').columns(['company_id', 'created_at']).execute();
    },
  };
}
