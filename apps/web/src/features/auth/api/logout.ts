import type { User } from '@prova/contract/auth';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { z } from '@prova/contract/zod';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { meQueryKey } from './get-me';
import { markSignedOut } from './signed-in';

export function logout(): Promise<unknown> {
  return api.post('/auth/logout', undefined, z.unknown(), { silentAuth: true });
}

/** Forgets everything the server told us about the session: the user becomes null. */
export function clearSession(queryClient: QueryClient) {
  markSignedOut();
  queryClient.setQueryData(meQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
}

/**
 * Logs out (a failed call still ends the local session), then goes to /login,
 * or to /sso/logout for single sign-on users and sessions begun by it.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (options: { redirect?: boolean } = {}) => {
      const user = queryClient.getQueryData<User | null>(meQueryKey);
      await logout().catch(() => undefined);
      return { sso: user?.hasSSO === true || user?.viaSso === true, redirect: options.redirect ?? true };
    },
    onSuccess: async ({ sso, redirect }) => {
      // Leave the private page first, rendered at once (flushSync, not a transition): with the session
      // cleared while it is still on screen, its guard would send to /login instead of /sso/logout.
      if (redirect) {
        await navigate(sso ? paths.sso.logout.getHref() : paths.auth.login.getHref(), { replace: true, flushSync: true });
      }
      clearSession(queryClient);
    },
  });
}
