import type { Kysely } from 'kysely';

/**
 * The idempotency keys of the requests that were carried out, per caller: a request sent again (its
 * answer was lost on the way) is recognised and not applied twice.
 */
export function requestKeys() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('request_keys')
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('request_keys_pk', ['user_id', 'key'])
        .execute();
      await db.schema.createIndex('request_keys_created_at').on('request_keys').column('created_at').execute();
    },
  };
}
