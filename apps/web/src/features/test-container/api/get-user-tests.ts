import { userTestListResponseSchema, type UserTest } from '@prova/contract/tests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// The same cache entry as the room's list (features/test-room/api/get-user-tests.ts): key
// ['usertests', campaignId], value UserTest[]. Features do not import each other, so the
// container reads it through its own copy of the request; keep the two in step.

export const userTestsBaseKey = ['usertests'] as const;
export const userTestsQueryKey = (campaignId: number) => [...userTestsBaseKey, campaignId] as const;

export async function getUserTests({ signal }: { signal?: AbortSignal } = {}): Promise<UserTest[]> {
  const { tests } = await api.get('/usertests', userTestListResponseSchema, { signal });
  return tests;
}

export function useUserTests(campaignId: number) {
  return useQuery(
    queryOptions({
      queryKey: userTestsQueryKey(campaignId),
      queryFn: ({ signal }) => getUserTests({ signal }),
      staleTime: 30 * 1000,
    }),
  );
}
