import { authoredTestListResponseSchema, type AuthoredTestSummary } from '@prova/contract/staff-authoring';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AUTHORED_PATHS } from './authored-paths';
import { staffKeys } from './query-keys';

/** GET /staff/authored-tests: the company's tests written in the console. */
export async function getAuthoredTests({ signal }: { signal?: AbortSignal } = {}): Promise<AuthoredTestSummary[]> {
  const { tests } = await api.get(AUTHORED_PATHS.tests, authoredTestListResponseSchema, { signal });
  return tests;
}

/** Read afresh on every visit: whether a test has been started changes as candidates work. */
export function useAuthoredTests() {
  return useQuery({ queryKey: staffKeys.authoredTests(), queryFn: ({ signal }) => getAuthoredTests({ signal }), refetchOnMount: 'always' });
}
