import { createBrowserRouter } from 'react-router';
import { paths } from '@/config/paths';
import { CampaignRoot } from './routes/app/campaign-root';
import { HomeRoute } from './routes/app/home';
import { LoginRoute } from './routes/auth/login';
import { NewPasswordRoute } from './routes/auth/new-password';
import { ResetRoute } from './routes/auth/reset';
import { RouteError } from './routes/error';
import { NotFoundRoute } from './routes/not-found';
import { PrivacyRoute } from './routes/privacy';
import { RequireAuth } from './routes/require-auth';
import { Root } from './routes/root';
import { SelectCampaignRoute } from './routes/select-campaign';
import { SsoErrorRoute } from './routes/sso/sso-error';
import { SsoLogoutRoute } from './routes/sso/sso-logout';
import { SsoStartRoute } from './routes/sso/sso-start';
import { StartRoute } from './routes/app/start';
import { TestsRoute } from './routes/app/tests';
import { TestRoute } from './routes/app/test';

/**
 * Spec section 2. Screens still to come, each in its own issue:
 * - inside a campaign: paths.app.{report, skillup360, start, tests, test} and the 360 questionnaire
 *   -> children of CampaignRoot, next to the home.
 * Until then they fall through to "Not found...".
 */
export const router = createBrowserRouter([
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
          { path: paths.selectCampaign.path, element: <SelectCampaignRoute /> },
          {
            element: <CampaignRoot />,
            children: [
              { index: true, element: <HomeRoute /> },
              { path: paths.app.tests.path, element: <TestsRoute /> },
              { path: paths.app.start.path, element: <StartRoute /> },
              { path: paths.app.test.path, element: <TestRoute /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
