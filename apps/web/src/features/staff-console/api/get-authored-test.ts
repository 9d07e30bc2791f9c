import { authoredTestResponseSchema, type AuthoredTestResponse } from '@prova/contract/staff-authoring';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AUTHORED_PATHS } from './authored-paths';
import { staffKeys } from './query-keys';

/** GET /staff/authored-tests/{testId}: the test as the form edits it, with its summary (started or not). */
export function getAuthoredTest(testId: number, { signal }: { signal?: AbortSignal } = {}): Promise<AuthoredTestResponse> {
  return api.get(AUTHORED_PATHS.test(testId), authoredTestResponseSchema, { signal });
}

/** Read afresh on every visit, so that a test someone has just started shows as such. */
export function useAuthoredTest(testId: number | undefined) {
  return useQuery({
    queryKey: staffKeys.authoredTest(testId ?? 0),
    queryFn: ({ signal }) => getAuthoredTest(testId ?? 0, { signal }),
    enabled: testId !== undefined,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
}
