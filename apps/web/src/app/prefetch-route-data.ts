import { matchRoutes, type RouteObject } from 'react-router';
import { mayBeSignedIn } from '@/features/auth/api/signed-in';
import { primeGet } from '@/lib/api-client';

/** A route whose screens read the selected campaign and its tests (router.tsx: the campaign's layout). */
export interface CampaignRouteHandle {
  campaignData: true;
}

/** A route whose screen reads the person's campaigns (router.tsx: the picker). */
export interface CampaignListRouteHandle {
  campaignList: true;
}

type DataHandle = Partial<CampaignRouteHandle & CampaignListRouteHandle> | undefined;

function shows(routes: RouteObject[], location: string, data: keyof NonNullable<DataHandle>): boolean {
  return (matchRoutes(routes, location) ?? []).some(({ route }) => (route.handle as DataHandle)?.[data] === true);
}

export interface PrefetchOptions {
  /** Called once the profile says someone is signed in, whatever the page: what every signed-in page needs (the sending queue). */
  signedIn?: () => void;
}

/**
 * On a first visit to a campaign's page, asks for its data as soon as the app starts, not each answer after the screen
 * that needs it has rendered (the profile, then the campaign, then its tests: three round trips on a slow network);
 * on the picker, the campaigns to pick from.
 * The profile comes first (the page's Link header preloads it), and only when the server said a session may be open
 * (features/auth/api/signed-in.ts): nobody signed in, nothing is asked (no 401s in the console);
 * the tests once the campaign is known to be there (none chosen yet: the layout sends to the picker). The screens'
 * own requests then take these answers (lib/api-client.ts, primeGet). On any page, `signedIn` runs as soon as the
 * profile has answered, rather than once the app has rendered with it.
 */
export function prefetchRouteData(routes: RouteObject[], location: string, { signedIn }: PrefetchOptions = {}) {
  const campaign = shows(routes, location, 'campaignData');
  const list = campaign || shows(routes, location, 'campaignList');
  if ((!list && !signedIn) || !mayBeSignedIn()) return;
  void primeGet('/auth/me').then((me) => {
    if (!me?.ok) return;
    signedIn?.();
    if (list) void primeGet('/usercampaign/list');
    if (!campaign) return;
    void primeGet('/usercampaign').then((answer) => {
      if (answer?.ok) void primeGet('/usertests');
    });
  });
}
