import { meResponseSchema, type User } from '@prova/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiClientError } from '@/lib/api-client';
import { markSignedOut, mayBeSignedIn } from './signed-in';

export const meQueryKey = ['auth', 'me'] as const;

/** The signed-in user, or null when nobody is (401 here is an answer, not an expired session). */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  if (!mayBeSignedIn()) {
    // No session (it ended while the browser was closed, or nobody signed in): nothing of anyone stays behind.
    markSignedOut();
    return null;
  }
  try {
    const { user } = await api.get('/auth/me', meResponseSchema, { signal, silentAuth: true });
    return user;
  } catch (error) {
    if (isApiClientError(error) && error.kind === 'session-expired') {
      // Ended (run out, or signed out in another tab): not asked again until the next sign-in.
      markSignedOut();
      return null;
    }
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 5 * 60 * 1000,
  });

export function useUser() {
  return useQuery(meQueryOptions());
}
