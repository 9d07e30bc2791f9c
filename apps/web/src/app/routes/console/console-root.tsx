import { OPERATOR_ROLE } from '@prova/contract/auth';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet } from 'react-router';
import { Header } from '@/components/layout/header';
import { AppLayout } from '@/components/layout/page-layouts';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-me';
import { LogoutSyncDialog } from '@/features/auth/components/logout-sync-dialog';
import { useSyncedLogout } from '@/features/auth/hooks/use-synced-logout';
import { useCampaigns } from '@/features/campaigns/api/get-campaigns';
import { useConsoleTexts } from '@/features/staff-console/console-texts';
import { ConsoleNav } from '@/features/staff-console/components/console-nav';
import '@/features/staff-console/components/staff-console.css';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * Layout of the staff console (/console/...): the header, the console's sections, the page.
 * Private (RequireAuth is above it); someone who is not staff is told so rather than shown empty pages.
 */
export function ConsoleRoot() {
  const { t } = useTranslation('console');
  const user = useUser().data;
  const campaigns = useCampaigns();
  const logout = useSyncedLogout();
  const textsReady = useConsoleTexts();
  if (!user) return null;
  if (!textsReady) return <PageSkeleton />;

  return (
    <AppLayout
      header={
        <Header
          user={user}
          title={t('title')}
          campaignCount={campaigns.data?.length ?? 0}
          onLogout={logout.start}
          isLoggingOut={logout.isLoggingOut}
        />
      }
    >
      <LogoutSyncDialog sync={logout.sync} onWait={logout.wait} onSkip={() => void logout.skip()} onCancel={logout.cancel} />
      {/* The 'staff' permission is what the API checks on every console call. */}
      {user.permissions.includes('staff') ? (
        <div className="console">
          <ConsoleNav operator={user.role.name === OPERATOR_ROLE} />
          {/* The header and the sections stay while a page's chunk arrives. */}
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </div>
      ) : (
        <NotStaff />
      )}
    </AppLayout>
  );
}

function NotStaff() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('notStaff.title'));
  return (
    <div className="page page--narrow">
      <section className="card">
        <h1>{t('notStaff.title')}</h1>
        <p>{t('notStaff.body')}</p>
        <p>
          <Link to={paths.home.getHref()}>{t('notStaff.back')}</Link>
        </p>
      </section>
    </div>
  );
}

/** /console: the campaigns are where the work is. */
export function ConsoleIndexRoute() {
  return <Navigate to={paths.console.campaigns.getHref()} replace />;
}
