import { statusOk } from '@prova/contract/common';
import type { Outcome } from '@prova/contract/tests';
import { api } from '@/lib/api-client';

/** Assessor: POST /tests/{testId}/assessedOutcomes/{campaignId}/{userId} with the outcomes about that person. */
export async function trackAssessedOutcomes(campaignId: number, testId: number, userId: number, values: Outcome[]) {
  await api.post(`/tests/${testId}/assessedOutcomes/${campaignId}/${userId}`, { values }, statusOk);
}
