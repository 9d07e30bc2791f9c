import { progressDataResponseSchema } from '@prova/contract/tests';
import { decodeProgressData } from '@prova/activity-sdk/host';
import { api } from '@/lib/api-client';

/** Assessor: GET /tests/{testId}/data/{campaignId}/{userId}, that person's saved progress. */
export async function getAssessedStore(campaignId: number, testId: number, userId: number): Promise<unknown> {
  const { data } = await api.get(`/tests/${testId}/data/${campaignId}/${userId}`, progressDataResponseSchema);
  return decodeProgressData(data.data);
}
