import { STAFF_PATHS } from '@prova/contract/staff';
import { type StaffResponses, staffResponsesSchema } from '@prova/contract/staff-responses';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** GET .../participants/{userId}/tests/{testId}/responses: a QTI test's items with the response, the key and the score. */
export function getResponses(
  campaignId: number,
  userId: number,
  testId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StaffResponses> {
  return api.get(STAFF_PATHS.responses(campaignId, userId, testId), staffResponsesSchema, { signal });
}

export function useResponses(campaignId: number, userId: number, testId: number) {
  return useQuery({
    queryKey: staffKeys.responses(campaignId, userId, testId),
    queryFn: ({ signal }) => getResponses(campaignId, userId, testId, { signal }),
  });
}
