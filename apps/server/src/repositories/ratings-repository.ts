import type { Db } from '../db/database';
import { lockAttempt, type ProgressKey } from './progress-repository';

export interface ItemRating {
  itemId: string;
  points: number;
  assessorId: number;
  ratedAt: string;
}

/**
 * Assessors' ratings of the items of a QTI package test that an assessor rates: one row per attempt's item, the
 * latest rating kept (`item_ratings`, migration 0011h). startOver (a repeat, a reset) clears them with the attempt.
 */
export function createRatingsRepository(db: Db) {
  return {
    /** Inside a transaction: the attempt's other writers (scoring, ratings, a reset) wait until it ends. */
    lockAttempt: (key: ProgressKey) => lockAttempt(db, key),

    /** The ratings of one person's attempt at one test. */
    async list(key: ProgressKey): Promise<ItemRating[]> {
      const rows = await db
        .selectFrom('item_ratings')
        .select(['item_id', 'points', 'assessor_id', 'rated_at'])
        .where('campaign_id', '=', key.campaignId)
        .where('test_id', '=', key.testId)
        .where('user_id', '=', key.userId)
        .orderBy('item_id')
        .execute();
      return rows.map((r) => ({ itemId: r.item_id, points: Number(r.points), assessorId: r.assessor_id, ratedAt: r.rated_at }));
    },

    /** How many items of each person's attempt are rated, for the people of one test of a campaign. */
    async countByPerson(campaignId: number, testId: number, userIds: number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('item_ratings')
        .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('campaign_id', '=', campaignId)
        .where('test_id', '=', testId)
        .where('user_id', 'in', userIds)
        .groupBy('user_id')
        .execute();
      return new Map(rows.map((r) => [r.user_id, Number(r.count)]));
    },

    /** Stores a rating, replacing the item's earlier one (whoever gave it). Run under the attempt's lock. */
    async put(key: ProgressKey, rating: ItemRating): Promise<void> {
      await db
        .insertInto('item_ratings')
        .values({
          campaign_id: key.campaignId,
          test_id: key.testId,
          user_id: key.userId,
          item_id: rating.itemId,
          points: rating.points,
          assessor_id: rating.assessorId,
          rated_at: rating.ratedAt,
        })
        .onConflict((oc) =>
          oc
            .columns(['campaign_id', 'test_id', 'user_id', 'item_id'])
            .doUpdateSet({ points: rating.points, assessor_id: rating.assessorId, rated_at: rating.ratedAt }),
        )
        .execute();
    },
  };
}
export type RatingsRepository = ReturnType<typeof createRatingsRepository>;
