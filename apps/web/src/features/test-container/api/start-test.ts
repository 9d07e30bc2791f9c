import { syncStateResponseSchema, type SyncStateResponse } from '@prova/contract/tests';
import { api } from '@/lib/api-client';

export interface ProgressIds {
  campaignId: number;
  testId: number;
  userId: number;
}

/**
 * POST /tests/{testId}/start/{campaignId}/{userId}: the test is opened. The server starts a timed
 * test's clock (once; reloads keep it) and answers what tracking starts from, the clock included.
 * `windowId` (the sending queue's, this tab's) holds the attempt from then on: another window's saves are refused.
 */
export function startTest({ campaignId, testId, userId }: ProgressIds, windowId: string): Promise<SyncStateResponse> {
  return api.post(`/tests/${testId}/start/${campaignId}/${userId}`, { windowId }, syncStateResponseSchema);
}
