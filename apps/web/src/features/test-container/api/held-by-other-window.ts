import { syncStateResponseSchema } from '@prova/contract/tests';
import { api } from '@/lib/api-client';
import type { ProgressIds } from './start-test';

/**
 * GET /tests/{testId}/sync/{campaignId}/{userId}?windowId=: whether another window opened the test since and holds it
 * now. Asked when this window comes back into view, so that it says so before anything is typed into it.
 */
export async function heldByOtherWindow({ campaignId, testId, userId }: ProgressIds, windowId: string): Promise<boolean> {
  const state = await api.get(
    `/tests/${testId}/sync/${campaignId}/${userId}?windowId=${encodeURIComponent(windowId)}`,
    syncStateResponseSchema,
    {
      silentAuth: true,
    },
  );
  return state.heldByOtherWindow === true;
}
