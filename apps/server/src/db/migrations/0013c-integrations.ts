import type { Kysely } from 'kysely';
import { autoId, type DialectName } from '../dialect';

/**
 * Integrations (issue 51): API tokens (only the token's SHA-256 is kept, never the token), a company's webhooks (the
 * signing secret is kept: the server must sign with it) and their deliveries, each claimed with a lease before it is
 * sent, as staff jobs are (0010e), so that one instance sends it. `event_id` is unique per webhook: an event raised
 * twice (two instances noticing one campaign finished) is delivered once.
 */
export function integrations(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('api_tokens')
        .addColumn('id', 'integer', autoId(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('hint', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('api_tokens_company').on('api_tokens').column('company_id').execute();

      await db.schema
        .createTable('webhooks')
        .addColumn('id', 'integer', autoId(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('failure_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('disabled_at', 'text')
        .addColumn('created_by', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhooks_company').on('webhooks').column('company_id').execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'integer', autoId(dialect))
        .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text')
        .addColumn('last_status', 'integer')
        .addColumn('last_answer', 'text')
        .addColumn('delivered_at', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_event')
        .on('webhook_deliveries')
        .columns(['webhook_id', 'event_id'])
        .unique()
        .execute();
      await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['state', 'next_attempt_at']).execute();
    },
  };
}
