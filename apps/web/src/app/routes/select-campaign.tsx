import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Header } from '@/components/layout/header';
import { AppLayout } from '@/components/layout/page-layouts';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-me';
import { LogoutSyncDialog } from '@/features/auth/components/logout-sync-dialog';
import { useSyncedLogout } from '@/features/auth/hooks/use-synced-logout';
import { useCampaigns } from '@/features/campaigns/api/get-campaigns';
import { CampaignPicker } from '@/features/campaigns/components/campaign-picker';
import { LanguageModal } from '@/features/campaigns/components/language-modal';
import { useEnterCampaign } from '@/features/campaigns/hooks/use-enter-campaign';
import { genderOf } from '@/lib/gender';
import { readFrom } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/locales/it/campaigns';

/** The campaign picker. Private: RequireAuth guarantees the user. */
export function SelectCampaignRoute() {
  const { t } = useTranslation(['campaigns', 'translation']);
  useDocumentTitle(t('campaigns.pageTitle'));
  const location = useLocation();
  const user = useUser().data;
  const campaigns = useCampaigns();
  const logout = useSyncedLogout();
  const entry = useEnterCampaign({ from: readFrom(location.state) });
  const [pendingId, setPendingId] = useState<number>();

  const list = campaigns.data ?? [];
  const single = list.length === 1 ? list[0] : undefined;

  // With one campaign it is preselected, so enter it straight away (once).
  const autoEntered = useRef(false);
  useEffect(() => {
    if (!single || autoEntered.current) return;
    autoEntered.current = true;
    void entry.enter(single, user);
  }, [single, entry]);

  if (!user) return null;

  return (
    <AppLayout header={<Header user={user} campaignCount={list.length} onLogout={logout.start} isLoggingOut={logout.isLoggingOut} />}>
      <LogoutSyncDialog sync={logout.sync} onWait={logout.wait} onSkip={() => void logout.skip()} onCancel={logout.cancel} />
      <div className="page page--narrow">
        <h1>{t('campaigns.welcome', genderOf(user))}</h1>
        <p className="page__lead">{t('campaigns.select')}</p>

        {campaigns.isPending ? (
          <PageSkeleton />
        ) : campaigns.isError ? (
          <LoadError message={t('campaigns.loadError')} onRetry={() => void campaigns.refetch()} />
        ) : list.length === 0 ? (
          <p className="callout callout--warning">{t('translation:errors.noActiveCampaign')}</p>
        ) : single ? (
          <div className="campaign-card campaign-card--single">
            <p className="campaign-card__name">{single.name}</p>
            <Button onClick={() => void entry.enter(single, user)} isLoading={entry.isPending}>
              {t('campaigns.enter')}
            </Button>
          </div>
        ) : (
          <CampaignPicker
            campaigns={list}
            pendingCampaignId={entry.isPending ? pendingId : undefined}
            onEnter={(campaign) => {
              setPendingId(campaign.id);
              void entry.enter(campaign, user);
            }}
          />
        )}
      </div>
      <LanguageModal
        campaign={entry.choosingLanguageFor}
        isPending={entry.isPending}
        onConfirm={(lang) => void entry.chooseLanguage(lang)}
        onCancel={entry.cancelLanguageChoice}
      />
    </AppLayout>
  );
}
