import { useTranslation } from 'react-i18next';
import { Header } from '@/components/layout/header';
import { AppLayout } from '@/components/layout/page-layouts';
import { useUser } from '@/features/auth/api/get-me';
import { LogoutSyncDialog } from '@/features/auth/components/logout-sync-dialog';
import { useSyncedLogout } from '@/features/auth/hooks/use-synced-logout';
import { useCampaigns } from '@/features/campaigns/api/get-campaigns';
import { MyDataPage } from '@/features/my-data/components/my-data-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** "I miei dati", from the account menu: the person's own, whatever campaign is selected. Private: RequireAuth. */
export function MyDataRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('header.myData'));
  const user = useUser().data;
  const campaigns = useCampaigns();
  const logout = useSyncedLogout();
  if (!user) return null;
  return (
    <AppLayout
      header={<Header user={user} campaignCount={campaigns.data?.length ?? 0} onLogout={logout.start} isLoggingOut={logout.isLoggingOut} />}
    >
      <LogoutSyncDialog sync={logout.sync} onWait={logout.wait} onSkip={() => void logout.skip()} onCancel={logout.cancel} />
      <MyDataPage />
    </AppLayout>
  );
}
