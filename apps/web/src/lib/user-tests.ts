import { userTestListResponseSchema, type UserTest } from '@prova/contract/tests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every cached test list starts with this key: invalidate it after a test changes status. */
export const userTestsBaseKey = ['usertests'] as const;
export const userTestsQueryKey = (campaignId: number) => [...userTestsBaseKey, campaignId] as const;

/**
 * The tests of the selected campaign, in campaign order, with the caller's status and start rules.
 * A running clock's end is re-read in this browser's time (now plus the seconds the server says are
 * left), so a device whose clock is wrong still shows the right time left.
 */
export async function getUserTests({ signal }: { signal?: AbortSignal } = {}): Promise<UserTest[]> {
  const { tests } = await api.get('/usertests', userTestListResponseSchema, { signal });
  const now = Date.now();
  return tests.map((test) =>
    test.timing ? { ...test, timing: { ...test.timing, endsAt: new Date(now + test.timing.remainingSeconds * 1000).toISOString() } } : test,
  );
}

export const userTestsQueryOptions = (campaignId: number) =>
  queryOptions({
    queryKey: userTestsQueryKey(campaignId),
    queryFn: ({ signal }) => getUserTests({ signal }),
    staleTime: 30 * 1000,
    // Back online, the home shows what happened meanwhile (a test finished elsewhere, a failed load), fresh or not.
    refetchOnReconnect: 'always',
  });

/**
 * The room reads the list afresh every time it mounts, so a test finished in the container
 * shows its new status on return (refetchOnMount 'always'; the cached list shows meanwhile).
 */
export function useUserTests(campaignId: number, options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({ ...userTestsQueryOptions(campaignId), refetchOnMount: options.refetchOnMount ?? 'always' });
}

/** Minutes of the test (already lengthened by the person's extra time), if it says. */
export function testDurationMinutes(test: Pick<UserTest, 'jsonData'>): number | undefined {
  const { duration } = test.jsonData;
  return duration !== undefined ? Math.round(duration) : undefined;
}

/** A timed test runs against the server's clock: it has a timer and a duration. */
export function isTimedTest(test: Pick<UserTest, 'jsonData'>): boolean {
  return test.jsonData.hasTimer === true && testDurationMinutes(test) !== undefined;
}

/**
 * Legacy tests support only up-to-date browsers: a browser without structuredClone or
 * Intl.Segmenter predates the 2022-2024 releases of Chrome, Firefox, Edge and Safari.
 */
export function isLegacyUnsupportedBrowser(): boolean {
  return typeof globalThis.structuredClone !== 'function' || typeof Intl === 'undefined' || typeof Intl.Segmenter !== 'function';
}
