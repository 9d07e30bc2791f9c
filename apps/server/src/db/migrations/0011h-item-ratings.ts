import type { Kysely } from 'kysely';

/**
 * An assessor's rating of an item of a QTI package test that an assessor rates (an extended answer): one per
 * attempt's item, the latest kept, with who gave it and when. The test's server outcomes are scored again
 * with them (services/rating/item-ratings.ts); a new attempt (a repeat, a staff reset) starts without ratings.
 */
export function itemRatings() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('item_ratings')
        .addColumn('campaign_id', 'integer', (c) => c.notNull())
        .addColumn('test_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('points', 'double precision', (c) => c.notNull())
        .addColumn('assessor_id', 'integer', (c) => c.notNull())
        .addColumn('rated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('item_ratings_pk', ['campaign_id', 'test_id', 'user_id', 'item_id'])
        .execute();
    },
  };
}
