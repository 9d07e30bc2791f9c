import { assessmentsResponseSchema, type AssessmentsResponse } from '@prova/contract/assessments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const assessmentsQueryKey = (campaignId: number) => ['assessments', campaignId] as const;

/** GET /usercampaign/{campaignId}/assessments: whom the assessor rates, by test, how far they are, and whether ratings are still taken. */
export async function getAssessments(
  campaignId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Omit<AssessmentsResponse, 'status'>> {
  const { tests, ratingsLocked, reopenedUntil } = await api.get(`/usercampaign/${campaignId}/assessments`, assessmentsResponseSchema, {
    signal,
  });
  return { tests, ratingsLocked, reopenedUntil };
}

export const assessmentsQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: assessmentsQueryKey(campaignId),
    queryFn: ({ signal }) => getAssessments(campaignId, { signal }),
    // Back online, the assessor's home is read again, as the candidates' is (lib/user-tests.ts).
    refetchOnReconnect: 'always',
  });

/** Read afresh whenever the home mounts: ratings change in the grid. */
export function useAssessments(campaignId: number) {
  return useQuery({ ...assessmentsQueryOptions(campaignId), refetchOnMount: 'always' });
}
