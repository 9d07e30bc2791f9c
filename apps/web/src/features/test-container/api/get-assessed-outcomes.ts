import { assessedOutcomesResponseSchema } from '@prova/contract/tests';
import { api } from '@/lib/api-client';

/** Assessor: GET /tests/{testId}/assessedOutcomes/{campaignId}, one entry per assessed person, flattened. */
export async function getAssessedOutcomes(campaignId: number, testId: number) {
  const { list } = await api.get(`/tests/${testId}/assessedOutcomes/${campaignId}`, assessedOutcomesResponseSchema);
  return list.flatMap(({ userId, outcomes }) => outcomes.map((outcome) => ({ ...outcome, evaluatedId: userId })));
}
