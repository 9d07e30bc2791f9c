import { checkTokenResponseSchema, type CheckTokenRequest, type CheckTokenResponse } from '@prova/contract/password';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Whether the e-mailed link still works. Always HTTP 200: `status: false` with INVALID_USER or
 * INVALID_TOKEN (plus the username) is an answer, not an error.
 */
export function checkToken(body: CheckTokenRequest, { signal }: { signal?: AbortSignal } = {}): Promise<CheckTokenResponse> {
  return api.post('/auth/checkToken', body, checkTokenResponseSchema, { signal });
}

export const checkTokenQueryOptions = (body: CheckTokenRequest) =>
  queryOptions({
    queryKey: ['password-reset', 'check-token', body.email, body.token],
    queryFn: ({ signal }) => checkToken(body, { signal }),
    // A link is used once: ask again on every visit, never from the cache.
    staleTime: 0,
    gcTime: 0,
  });

export function useCheckToken(body: CheckTokenRequest) {
  return useQuery(checkTokenQueryOptions(body));
}
