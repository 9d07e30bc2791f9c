import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A router shaped like router.tsx: the picker and a campaign's layout (each with its handle), and a page with neither. */
const routes: RouteObject[] = [
  {
    children: [
      { path: '/select-campaign', handle: { campaignList: true } },
      { path: '/console' },
      { handle: { campaignData: true }, children: [{ index: true }, { path: '/tests' }] },
    ],
  },
];

let asked: string[];

function answering(status: (path: string) => number) {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return new Response('{}', { status: status(url) });
    }),
  );
}

/** A fresh module each time: primed answers are kept for a few seconds per page. */
async function prefetch(location: string, signedIn?: () => void) {
  vi.resetModules();
  const { prefetchRouteData } = await import('./prefetch-route-data');
  const before = asked.length;
  prefetchRouteData(routes, location, { signedIn });
  if (sessionOpen) await vi.waitFor(() => expect(asked.length).toBeGreaterThan(before));
  // Let the chain of answers run its course.
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

let sessionOpen: boolean;
/** Whether the server's cookie says a session is open (SIGNED_IN_COOKIE), beside others the page has. */
function told(open: boolean) {
  sessionOpen = open;
  vi.stubGlobal('document', { cookie: open ? 'lang=it; prova_signed_in=1' : 'lang=it' });
}

beforeEach(() => {
  answering(() => 200);
  told(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('prefetchRouteData', () => {
  it('on a campaign page, signed in: starts what every signed-in page needs, and asks for the campaign and its tests', async () => {
    const signedIn = vi.fn();
    await prefetch('/', signedIn);
    expect(signedIn).toHaveBeenCalledTimes(1);
    expect(asked).toEqual(['/api/auth/me', '/api/usercampaign/list', '/api/usercampaign', '/api/usertests']);
  });

  it('on the picker, signed in: asks for the campaigns to pick from once the profile has answered', async () => {
    const signedIn = vi.fn();
    await prefetch('/select-campaign', signedIn);
    expect(signedIn).toHaveBeenCalledTimes(1);
    expect(asked).toEqual(['/api/auth/me', '/api/usercampaign/list']);
  });

  it('on any other page, signed in: starts what every signed-in page needs as soon as the profile has answered', async () => {
    const signedIn = vi.fn();
    await prefetch('/console', signedIn);
    expect(signedIn).toHaveBeenCalledTimes(1);
    expect(asked).toEqual(['/api/auth/me']);
  });

  it('signed out: asks for nothing, and starts nothing', async () => {
    told(false);
    const signedIn = vi.fn();
    await prefetch('/', signedIn);
    await prefetch('/select-campaign', signedIn);
    await prefetch('/console', signedIn);
    expect(signedIn).not.toHaveBeenCalled();
    expect(asked).toEqual([]);
  });

  it('a session that ran out: asks for nothing but the profile, and starts nothing', async () => {
    answering((url) => (url === '/api/auth/me' ? 401 : 200));
    const signedIn = vi.fn();
    await prefetch('/', signedIn);
    await prefetch('/select-campaign', signedIn);
    expect(signedIn).not.toHaveBeenCalled();
    expect(asked).toEqual(['/api/auth/me', '/api/auth/me']);
  });
});
