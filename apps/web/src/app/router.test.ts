// @vitest-environment jsdom
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { campaignPages } from '@prova/contract/pages';
import type { CampaignRouteHandle } from './prefetch-route-data';
import { routes } from './router';

function campaignLayout(routes: RouteObject[]): RouteObject | undefined {
  for (const route of routes) {
    if ((route.handle as CampaignRouteHandle | undefined)?.campaignData) return route;
    const found = campaignLayout(route.children ?? []);
    if (found) return found;
  }
  return undefined;
}

describe('router', () => {
  it("has under the campaign layout exactly the pages the server preloads the campaign's reads for", () => {
    const layout = campaignLayout(routes);
    const children = (layout?.children ?? []).map((child) => (child.index ? '/' : child.path));
    expect([...children].sort()).toEqual(Object.values(campaignPages).sort());
  });
});
