import type { User } from '@prova/contract/auth';
import type { Campaign } from '@prova/contract/campaigns';
import type { UserTest } from '@prova/contract/tests';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatch, useOutletContext } from 'react-router';
import { Header } from '@/components/layout/header';
import { AppLayout } from '@/components/layout/page-layouts';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-me';
import { LogoutSyncDialog } from '@/features/auth/components/logout-sync-dialog';
import { useSyncedLogout } from '@/features/auth/hooks/use-synced-logout';
import { useCampaigns } from '@/features/campaigns/api/get-campaigns';
import { isNoSelectedCampaign, useSelectedCampaign } from '@/features/campaigns/api/get-selected-campaign';
import { ExitDialog } from '@/features/test-container/components/exit-dialog';
import { hasErrorCode } from '@/lib/api-client';
import { getCurrentTestId } from '@/lib/current-test';
import { locationToFrom, type RedirectState } from '@/lib/redirect';
import { roomHrefFor } from '@/lib/room-path';
import { genderOf } from '@/lib/gender';
import { isTimedTest, userTestsQueryKey } from '@/lib/user-tests';
import '@/locales/it/test-container';

export interface CampaignContext {
  user: User;
  campaign: Campaign;
  /** Signs out as the header's Logout does (the challenge's Exit). */
  logout: () => void;
}

/** For the pages inside a campaign: the signed-in user and the selected campaign. */
export function useCampaignContext() {
  return useOutletContext<CampaignContext>();
}

/**
 * Layout of every page inside a campaign: reads the selected campaign and shows the header.
 * No campaign selected yet -> /select-campaign; consent missing -> /privacy.
 */
/** `children` stand for the routed page where the layout frames a page of its own (an unknown address). */
export function CampaignRoot({ children }: { children?: ReactNode }) {
  const { t } = useTranslation(['translation', 'testContainer']);
  const location = useLocation();
  const user = useUser().data;
  const selected = useSelectedCampaign();
  const campaigns = useCampaigns();
  const logout = useSyncedLogout();
  const onStartPage = useMatch(paths.app.start.path) !== null;
  const inTest = useMatch(paths.app.test.path) !== null;
  const onHome = useMatch(paths.home.path) !== null;
  // The 360 pages: the questionnaire saves as it goes, the dashboard sends what was just finished.
  const on360Questionnaire = useMatch(paths.app.evaluation360.path) !== null;
  const on360Dashboard = useMatch(paths.app.skillup360.path) !== null;
  const evaluating360 = on360Questionnaire || on360Dashboard;
  const queryClient = useQueryClient();
  const [confirmSignOut, setConfirmSignOut] = useState(false);

  if (!user) return null;

  // Signing out in the middle of a timed test asks first: its clock keeps running.
  const requestLogout = () => {
    const campaignId = selected.data?.id;
    const testId = getCurrentTestId();
    const test =
      inTest && campaignId !== undefined
        ? queryClient.getQueryData<UserTest[]>(userTestsQueryKey(campaignId))?.find((x) => x.id === testId)
        : undefined;
    if (test && isTimedTest(test) && test.status !== 'complete') setConfirmSignOut(true);
    else logout.start();
  };

  const state: RedirectState = { from: locationToFrom(location) };
  if (selected.isError && isNoSelectedCampaign(selected.error)) {
    return <Navigate to={paths.selectCampaign.getHref()} replace state={state} />;
  }
  if (selected.isError && hasErrorCode(selected.error, 'NO_PRIVACY_CONSENT')) {
    return <Navigate to={paths.privacy.getHref()} replace state={state} />;
  }

  return (
    <AppLayout
      header={
        <Header
          user={user}
          title={selected.data?.name}
          campaignCount={campaigns.data?.length ?? 0}
          showMenu={!inTest}
          hideMobileMenu={onStartPage}
          onLogout={requestLogout}
          isLoggingOut={logout.isLoggingOut}
          // Where the person's work is saved as they go: a test, a 360 evaluation, the agenda and challenge homes.
          showSaveStatus={inTest || evaluating360 || (onHome && ['agenda', 'challenge'].includes(selected.data?.theme ?? ''))}
          closeTo={inTest ? roomHrefFor(location.pathname) : undefined}
        />
      }
    >
      <LogoutSyncDialog sync={logout.sync} onWait={logout.wait} onSkip={() => void logout.skip()} onCancel={logout.cancel} />
      <ExitDialog
        gender={genderOf(user)}
        open={confirmSignOut}
        timed={false}
        message={t('testContainer:testContainer.signOutTimed')}
        onConfirm={() => {
          setConfirmSignOut(false);
          logout.start();
        }}
        onCancel={() => setConfirmSignOut(false)}
      />
      {selected.isPending ? (
        <PageSkeleton />
      ) : selected.isError ? (
        <div className="page page--narrow">
          <LoadError message={t('home.loadError')} onRetry={() => void selected.refetch()} heading />
        </div>
      ) : (
        // The header stays while the page's chunk arrives.
        <Suspense fallback={<PageSkeleton />}>
          {children ?? <Outlet context={{ user, campaign: selected.data, logout: requestLogout } satisfies CampaignContext} />}
        </Suspense>
      )}
    </AppLayout>
  );
}
