import type { Db } from '../db/database';

export function createLogsRepository(db: Db) {
  return {
    async add(entry: { userId: number; campaignId: number | null; testId: number | null; data: string }): Promise<void> {
      await db
        .insertInto('logs')
        .values({
          user_id: entry.userId,
          campaign_id: entry.campaignId,
          test_id: entry.testId,
          data: entry.data,
          created_at: new Date().toISOString(),
        })
        .execute();
    },
  };
}
export type LogsRepository = ReturnType<typeof createLogsRepository>;
