import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { lazy } from './lazy-route';
import type { CampaignListRouteHandle, CampaignRouteHandle } from './prefetch-route-data';
import { LoginRoute } from './routes/auth/login';
import { RouteError } from './routes/error';
import { RequireAuth } from './routes/require-auth';
import { Root } from './routes/root';

// Each screen is its own chunk, fetched when first shown: candidates often use phones, so the first
// load carries only the shell. React.lazy rather than the route's `lazy`: navigations still commit as
// before (at once with flushSync, which logout relies on), and Root and CampaignRoot hold the
// Suspense spinners. RouteError stays eager: it also shows when a chunk fails to load. So does the
// sign-in page: it is the first screen of most visits (invitations lead there, and so does any page
// opened signed out), and as a chunk of its own it was fetched only once the shell had run, a second
// round trip on a slow phone before the form showed (docs/performance.md).
const ResetRoute = lazy(() => import('./routes/auth/reset').then((m) => ({ default: m.ResetRoute })));
const NewPasswordRoute = lazy(() => import('./routes/auth/new-password').then((m) => ({ default: m.NewPasswordRoute })));
const SsoErrorRoute = lazy(() => import('./routes/sso/sso-error').then((m) => ({ default: m.SsoErrorRoute })));
const SsoLogoutRoute = lazy(() => import('./routes/sso/sso-logout').then((m) => ({ default: m.SsoLogoutRoute })));
const SsoStartRoute = lazy(() => import('./routes/sso/sso-start').then((m) => ({ default: m.SsoStartRoute })));
const PrivacyRoute = lazy(() => import('./routes/privacy').then((m) => ({ default: m.PrivacyRoute })));
const SelectCampaignRoute = lazy(() => import('./routes/select-campaign').then((m) => ({ default: m.SelectCampaignRoute })));
const MyDataRoute = lazy(() => import('./routes/my-data').then((m) => ({ default: m.MyDataRoute })));
const CampaignRoot = lazy(() => import('./routes/app/campaign-root').then((m) => ({ default: m.CampaignRoot })));
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));
const HomeRoute = lazy(() => import('./routes/app/home').then((m) => ({ default: m.HomeRoute })));
const TestsRoute = lazy(() => import('./routes/app/tests').then((m) => ({ default: m.TestsRoute })));
const StartRoute = lazy(() => import('./routes/app/start').then((m) => ({ default: m.StartRoute })));
const TestRoute = lazy(() => import('./routes/app/test').then((m) => ({ default: m.TestRoute })));
const ReportRoute = lazy(() => import('./routes/app/report').then((m) => ({ default: m.ReportRoute })));
const Feedback360Route = lazy(() => import('./routes/app/feedback360').then((m) => ({ default: m.Feedback360Route })));
const Evaluation360Route = lazy(() => import('./routes/app/feedback360').then((m) => ({ default: m.Evaluation360Route })));
// The staff console: chunks of its own, never fetched by candidates.
const ConsoleRoot = lazy(() => import('./routes/console/console-root').then((m) => ({ default: m.ConsoleRoot })));
const ConsoleIndexRoute = lazy(() => import('./routes/console/console-root').then((m) => ({ default: m.ConsoleIndexRoute })));
const ConsoleCampaignsRoute = lazy(() => import('./routes/console/campaigns').then((m) => ({ default: m.ConsoleCampaignsRoute })));
const ConsoleCampaignRoute = lazy(() => import('./routes/console/campaign').then((m) => ({ default: m.ConsoleCampaignRoute })));
const ConsoleImportRoute = lazy(() => import('./routes/console/import').then((m) => ({ default: m.ConsoleImportRoute })));
const ConsolePeopleRoute = lazy(() => import('./routes/console/people').then((m) => ({ default: m.ConsolePeopleRoute })));
const ConsoleTestsRoute = lazy(() => import('./routes/console/tests').then((m) => ({ default: m.ConsoleTestsRoute })));
const ConsoleNewTestRoute = lazy(() => import('./routes/console/test').then((m) => ({ default: m.ConsoleNewTestRoute })));
const ConsoleTestRoute = lazy(() => import('./routes/console/test').then((m) => ({ default: m.ConsoleTestRoute })));
const ConsoleTestAnalysisRoute = lazy(() =>
  import('./routes/console/test-analysis').then((m) => ({ default: m.ConsoleTestAnalysisRoute })),
);
const ConsoleNormsRoute = lazy(() => import('./routes/console/norms').then((m) => ({ default: m.ConsoleNormsRoute })));
const ConsoleCompanyRoute = lazy(() => import('./routes/console/company').then((m) => ({ default: m.ConsoleCompanyRoute })));

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: paths.auth.login.path, element: <LoginRoute /> },
      { path: paths.auth.reset.path, element: <ResetRoute /> },
      { path: paths.auth.newPassword.path, element: <NewPasswordRoute /> },
      { path: paths.sso.error.path, element: <SsoErrorRoute /> },
      { path: paths.sso.logout.path, element: <SsoLogoutRoute /> },
      { path: paths.sso.start.path, element: <SsoStartRoute /> },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.privacy.path, element: <PrivacyRoute /> },
          { path: paths.myData.path, element: <MyDataRoute /> },
          {
            path: paths.selectCampaign.path,
            element: <SelectCampaignRoute />,
            handle: { campaignList: true } satisfies CampaignListRouteHandle,
          },
          {
            element: <ConsoleRoot />,
            children: [
              { path: paths.console.root.path, element: <ConsoleIndexRoute /> },
              { path: paths.console.campaigns.path, element: <ConsoleCampaignsRoute /> },
              { path: paths.console.campaign.path, element: <ConsoleCampaignRoute /> },
              { path: paths.console.import.path, element: <ConsoleImportRoute /> },
              { path: paths.console.people.path, element: <ConsolePeopleRoute /> },
              { path: paths.console.company.path, element: <ConsoleCompanyRoute /> },
              { path: paths.console.tests.path, element: <ConsoleTestsRoute /> },
              { path: paths.console.newTest.path, element: <ConsoleNewTestRoute /> },
              { path: paths.console.test.path, element: <ConsoleTestRoute /> },
              { path: paths.console.testAnalysis.path, element: <ConsoleTestAnalysisRoute /> },
              { path: paths.console.norms.path, element: <ConsoleNormsRoute /> },
            ],
          },
          {
            element: <CampaignRoot />,
            handle: { campaignData: true } satisfies CampaignRouteHandle,
            children: [
              { index: true, element: <HomeRoute /> },
              { path: paths.app.tests.path, element: <TestsRoute /> },
              { path: paths.app.start.path, element: <StartRoute /> },
              { path: paths.app.test.path, element: <TestRoute /> },
              { path: paths.app.report.path, element: <ReportRoute /> },
              { path: paths.app.skillup360.path, element: <Feedback360Route /> },
              { path: paths.app.evaluation360.path, element: <Evaluation360Route /> },
            ],
          },
        ],
      },
      // An unknown address: signed in, inside the campaign's layout (header and menu stay); else on its own.
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

let created: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's router, created on first use: main.tsx creates it in a task of its own, between the scripts' evaluation and
 * the first render (it reads the address, the history's state and the saved scroll positions). On a slow phone three
 * shorter tasks block the main thread less than two longer ones (docs/performance.md, "Lighthouse").
 */
export const appRouter = () => (created ??= createBrowserRouter(routes));
