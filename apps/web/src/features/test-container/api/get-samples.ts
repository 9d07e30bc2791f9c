import { samplesResponseSchema, type Sample } from '@prova/contract/tests';
import { api } from '@/lib/api-client';

/** Assessor: GET /users/assessed/{campaignId}/{testId}, the people evaluated in this test. */
export async function getSamples(campaignId: number, testId: number): Promise<Sample[]> {
  const { samples } = await api.get(`/users/assessed/${campaignId}/${testId}`, samplesResponseSchema);
  return samples;
}
