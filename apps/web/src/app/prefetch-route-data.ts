import { matchRoutes, type RouteObject } from 'react-router';
import { primeGet } from '@/lib/api-client';

/** A route whose screens read the selected campaign and its tests (router.tsx: the campaign's layout). */
export interface CampaignRouteHandle {
  campaignData: true;
}

function showsCampaign(routes: RouteObject[], location: string): boolean {
  return (matchRoutes(routes, location) ?? []).some(
    ({ route }) => (route.handle as CampaignRouteHandle | undefined)?.campaignData === true,
  );
}

/**
 * On a first visit to a campaign's page, asks for its data as soon as the app starts, not each answer after the screen
 * that needs it has rendered (the profile, then the campaign, then its tests: three round trips on a slow network).
 * The profile comes first (index.html preloads it): nobody signed in, nothing else is asked (no 401s in the console);
 * the tests once the campaign is known to be there (none chosen yet: the layout sends to the picker). The screens'
 * own requests then take these answers (lib/api-client.ts, primeGet).
 */
export function prefetchRouteData(routes: RouteObject[], location: string) {
  if (!showsCampaign(routes, location)) return;
  void primeGet('/auth/me').then((me) => {
    if (!me?.ok) return;
    void primeGet('/usercampaign/list');
    void primeGet('/usercampaign').then((campaign) => {
      if (campaign?.ok) void primeGet('/usertests');
    });
  });
}
