import { campaignPages } from '@prova/contract/pages';

/**
 * Every route of the SPA. `path` is the router pattern, `getHref` builds a link.
 * Routes marked "later" are declared here so links can point at them; their screens come with later issues.
 */
export const paths = {
  home: { path: campaignPages.home, getHref: () => '/' },

  auth: {
    login: { path: '/login', getHref: () => '/login' },
    reset: { path: '/reset', getHref: () => '/reset' },
    // The e-mailed link. Both parts are optional in the pattern so a cut link reaches the page, which sends it to /login.
    newPassword: {
      path: '/new_password/:token?/:email?',
      getHref: (token: string, email: string) => `/new_password/${encodeURIComponent(token)}/${encodeURIComponent(email)}`,
    },
  },

  privacy: { path: '/privacy', getHref: () => '/privacy' },
  selectCampaign: { path: '/select-campaign', getHref: () => '/select-campaign' },
  /** "I miei dati" (issue 52): the person's data export, who saw their report, their consents. */
  myData: { path: '/my-data', getHref: () => '/my-data' },

  /** The pages under the campaign layout: their patterns are shared with the server, which preloads their first reads. */
  app: {
    report: { path: campaignPages.report, getHref: () => '/report' },
    skillup360: { path: campaignPages.skillup360, getHref: () => '/skillup-360' },
    evaluation360: { path: campaignPages.evaluation360, getHref: (evaluee: number) => `/skillup-360/${evaluee}` },
    start: { path: campaignPages.start, getHref: () => '/start' },
    tests: { path: campaignPages.tests, getHref: () => '/tests' },
    test: { path: campaignPages.test, getHref: () => '/test' },
  },

  /** The staff console (admins and superassessors). */
  console: {
    root: { path: '/console', getHref: () => '/console' },
    campaigns: { path: '/console/campaigns', getHref: () => '/console/campaigns' },
    campaign: { path: '/console/campaigns/:campaignId', getHref: (campaignId: number) => `/console/campaigns/${campaignId}` },
    import: { path: '/console/import', getHref: () => '/console/import' },
    people: { path: '/console/people', getHref: () => '/console/people' },
    company: { path: '/console/company', getHref: () => '/console/company' },
    /** Tests written in the console (issue 49). */
    tests: { path: '/console/tests', getHref: () => '/console/tests' },
    newTest: { path: '/console/tests/new', getHref: () => '/console/tests/new' },
    test: { path: '/console/tests/:testId', getHref: (testId: number) => `/console/tests/${testId}` },
    /** A QTI test's item analysis and reliability (issue 50), over the company's campaigns or those named. */
    testAnalysis: {
      path: '/console/tests/:testId/analysis',
      getHref: (testId: number, campaignIds: readonly number[] = []) =>
        `/console/tests/${testId}/analysis${campaignIds.length ? `?campaigns=${campaignIds.join(',')}` : ''}`,
    },
    /** Norm groups (issue 50). */
    norms: { path: '/console/norms', getHref: () => '/console/norms' },
  },

  sso: {
    error: { path: '/sso/error', getHref: (code?: string) => (code ? `/sso/error?code=${encodeURIComponent(code)}` : '/sso/error') },
    logout: { path: '/sso/logout', getHref: () => '/sso/logout' },
    start: { path: '/sso/:slug', getHref: (slug: string) => `/sso/${encodeURIComponent(slug)}` },
    /** Browser navigation (not the SPA router) that starts single sign-on on the API. */
    apiStart: (slug: string) => `/api/v2/auth/sso/${encodeURIComponent(slug)}`,
  },
} as const;
