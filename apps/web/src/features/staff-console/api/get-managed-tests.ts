import { STAFF_PATHS } from '@prova/contract/staff';
import { managedTestListResponseSchema, type ManagedTest } from '@prova/contract/staff-tests';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** GET /usertests?companyId=: the tests the company manages (its own and those shared with it), with where each is used. */
export async function getManagedTests(companyId: number, { signal }: { signal?: AbortSignal } = {}): Promise<ManagedTest[]> {
  const { tests } = await api.get(`${STAFF_PATHS.tests}?companyId=${companyId}`, managedTestListResponseSchema, { signal });
  return tests;
}

/** Read afresh on every visit: campaigns start using tests as staff work. */
export function useManagedTests(companyId: number) {
  return useQuery({
    queryKey: staffKeys.managedTests(),
    queryFn: ({ signal }) => getManagedTests(companyId, { signal }),
    refetchOnMount: 'always',
  });
}
