import type { Kysely } from 'kysely';
import { autoId, type DialectName } from '../dialect';

export function initial(dialect: DialectName) {
  const id = autoId(dialect);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('languages')
        .addColumn('lang', 'varchar(8)', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('companies')
        .addColumn('id', 'integer', id)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('logo', 'text')
        .addColumn('sso_slug', 'text', (c) => c.unique())
        .addColumn('sso', 'text')
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', id)
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('gender', 'varchar(1)')
        .addColumn('lang', 'varchar(8)')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
        .addColumn('has_sso', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('privacy', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_company_idx').on('users').column('company_id').execute();

      await db.schema
        .createTable('tests')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('abbreviation', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('instructions', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('img', 'text')
        .addColumn('label', 'text')
        .addColumn('repeatable', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('legacy', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('json_data', 'text', (c) => c.notNull())
        .addColumn('theme', 'text')
        .addColumn('labels360', 'text')
        .addColumn('algorithm', 'text')
        .execute();

      await db.schema
        .createTable('campaigns')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('on_complete_text', 'text', (c) => c.notNull())
        .addColumn('no_report_text', 'text', (c) => c.notNull())
        .addColumn('theme', 'text', (c) => c.notNull())
        .addColumn('languages', 'text', (c) => c.notNull())
        .addColumn('date_start', 'text', (c) => c.notNull())
        .addColumn('date_end', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('is360', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('self_evaluation', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('range360_num', 'integer', (c) => c.notNull().defaultTo(5))
        .addColumn('privacy_agreement', 'text')
        .addColumn('logo', 'text')
        .addColumn('data', 'text')
        .addColumn('questions360', 'text')
        .addColumn('model', 'text')
        .addColumn('report', 'text')
        .addColumn('created_on', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('campaign_tests')
        .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id'))
        .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('prerequisites', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('agenda_date', 'text')
        .addColumn('section', 'text')
        .addPrimaryKeyConstraint('campaign_tests_pk', ['campaign_id', 'test_id'])
        .execute();

      await db.schema
        .createTable('participants')
        .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('lang', 'varchar(8)')
        .addColumn('last_access', 'text')
        .addColumn('extra_time_percent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('privacy_consent_at', 'text')
        .addColumn('storage', 'text')
        .addPrimaryKeyConstraint('participants_pk', ['campaign_id', 'user_id'])
        .execute();
      await db.schema.createIndex('participants_user_idx').on('participants').column('user_id').execute();

      await db.schema
        .createTable('assessments')
        .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id'))
        .addColumn('assessor_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('assessed_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id'))
        .addPrimaryKeyConstraint('assessments_pk', ['campaign_id', 'assessor_id', 'assessed_id', 'test_id'])
        .execute();

      await db.schema
        .createTable('relations360')
        .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id'))
        .addColumn('evaluator_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('evaluee_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('relation_id', 'integer', (c) => c.notNull())
        .addColumn('label', 'text')
        .addPrimaryKeyConstraint('relations360_pk', ['campaign_id', 'evaluator_id', 'evaluee_id'])
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('campaign_id', 'integer')
        .addColumn('via_sso', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      // One row per (campaign, test, user): saving progress is one conditional write on this key.
      await db.schema
        .createTable('test_progress')
        .addColumn('campaign_id', 'integer', (c) => c.notNull())
        .addColumn('test_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('data', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('test_progress_pk', ['campaign_id', 'user_id', 'test_id'])
        .execute();

      await db.schema
        .createTable('outcomes')
        .addColumn('id', 'integer', id)
        .addColumn('campaign_id', 'integer', (c) => c.notNull())
        .addColumn('test_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('assessor_id', 'integer')
        .addColumn('outcomes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('outcomes_lookup_idx').on('outcomes').columns(['campaign_id', 'test_id', 'user_id']).execute();

      await db.schema
        .createTable('logs')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('campaign_id', 'integer')
        .addColumn('test_id', 'integer')
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();
    },
  };
}
