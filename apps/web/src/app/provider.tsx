import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { clearConnectionProblem, reportConnectionProblem } from '@/components/ui/notifications/connection-store';
import { paths } from '@/config/paths';
import { clearSession } from '@/features/auth/api/logout';
import { isApiClientError, setApiErrorListener, setApiSuccessListener, type ApiClientError, type ApiErrorContext } from '@/lib/api-client';
import { locationToFrom, readFrom, type RedirectState } from '@/lib/redirect';
import { appRouter } from './router';
import { SendingQueueProvider } from './sending-queue-provider';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors (4xx, expired session) will not change by asking again.
      retry: (failureCount, error) => failureCount < 2 && isApiClientError(error) && error.kind === 'http' && (error.status ?? 0) >= 500,
      refetchOnWindowFocus: false,
      // The API client reports offline itself ('Sei offline'), rather than react-query pausing silently.
      networkMode: 'always',
    },
    mutations: { networkMode: 'always' },
  },
});

/** 401/403 (an API call or a queued send): forget the session and go to /login, which says why. */
function handleSessionExpired() {
  const router = appRouter();
  const location = router.state.location;
  const onLogin = location.pathname === paths.auth.login.path;
  const state: RedirectState = { from: onLogin ? readFrom(location.state) : locationToFrom(location), notice: 'sessionExpired' };
  // The session is forgotten once /login is on screen (flushSync): forgotten first, the private page would send there itself, saying nothing.
  void router.navigate(paths.auth.login.getHref(), { replace: true, state, flushSync: true }).then(() => clearSession(queryClient));
}

/** The sending queue's code, a chunk of its own: main.tsx fetches it as soon as the profile says someone is signed in. */
export const importQueue = () => import('./app-queue');

/**
 * Browsers keep a failed dynamic import failed for the page's life (the module map remembers it; Chromium 150 does):
 * asking for the same URL again fetches nothing. So a try again asks for the chunk under a URL of its own, read from
 * the error (Chromium and Firefox name it); the chunks it imports keep their URLs, so the app's modules stay the ones
 * already loaded. Where the error names no URL, the failure stands and the error page's reload fetches anew.
 */
let tries = 0;
function importQueueAgain(error: unknown): Promise<typeof import('./app-queue')> {
  const url = error instanceof Error ? /\bhttps?:\/\/\S+\.js\b/.exec(error.message)?.[0] : undefined;
  if (!url) return Promise.reject(error);
  tries += 1;
  return import(/* @vite-ignore */ `${url}?try=${tries}`) as Promise<typeof import('./app-queue')>;
}

let lastFailure: unknown;
const importQueueOrAgain = () =>
  (lastFailure === undefined ? importQueue() : importQueueAgain(lastFailure)).catch((error: unknown) => {
    lastFailure = error;
    throw error;
  });

/** The sending queue: SendingQueueProvider creates it once someone is signed in. */
const loadQueue = () => importQueueOrAgain().then((module) => module.createAppQueue(handleSessionExpired, queryClient));

/** What an API error does to the whole app; callers handle the rest. */
function handleApiError(error: ApiClientError, { silentAuth }: ApiErrorContext) {
  const router = appRouter();
  const location = router.state.location;
  switch (error.kind) {
    case 'session-expired': {
      if (silentAuth) return;
      handleSessionExpired();
      return;
    }
    case 'timeout':
      reportConnectionProblem('timeout');
      return;
    case 'offline':
      reportConnectionProblem('offline');
      return;
    case 'invalid-response':
      reportConnectionProblem('failed');
      return;
    case 'http': {
      if (error.code === 'NO_PRIVACY_CONSENT') {
        if (location.pathname !== paths.privacy.path) {
          const state: RedirectState = { from: locationToFrom(location) };
          void router.navigate(paths.privacy.getHref(), { replace: true, state });
        }
        return;
      }
      if ((error.status ?? 0) >= 500) reportConnectionProblem('failed');
      return;
    }
  }
}

setApiErrorListener(handleApiError);
setApiSuccessListener(clearConnectionProblem);

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SendingQueueProvider load={loadQueue}>{children}</SendingQueueProvider>
    </QueryClientProvider>
  );
}
