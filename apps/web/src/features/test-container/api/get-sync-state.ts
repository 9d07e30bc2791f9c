import { syncStateResponseSchema, type SyncStateResponse } from '@prova/contract/tests';
import { api } from '@/lib/api-client';

export interface ProgressIds {
  campaignId: number;
  testId: number;
  userId: number;
}

/** GET /tests/{testId}/sync/{campaignId}/{userId}: what tracking starts from (spec section 7). */
export function getSyncState({ campaignId, testId, userId }: ProgressIds): Promise<SyncStateResponse> {
  return api.get(`/tests/${testId}/sync/${campaignId}/${userId}`, syncStateResponseSchema);
}
