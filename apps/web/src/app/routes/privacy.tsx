import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { paths } from '@/config/paths';
import { LogoutSyncDialog } from '@/features/auth/components/logout-sync-dialog';
import { useSyncedLogout } from '@/features/auth/hooks/use-synced-logout';
import { PrivacyConsent } from '@/features/privacy/components/privacy-consent';
import '@/features/privacy/privacy-texts';
import { readFrom } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Privacy consent: after it, the page first asked for, or the home. */
export function PrivacyRoute() {
  const { t } = useTranslation('privacy');
  useDocumentTitle(t('pageTitle'));
  const location = useLocation();
  const navigate = useNavigate();
  // Closing signs out: work still queued from an earlier visit is sent first, as everywhere.
  const logout = useSyncedLogout();
  const from = readFrom(location.state);

  return (
    <CenteredLayout>
      <LogoutSyncDialog sync={logout.sync} onWait={logout.wait} onSkip={() => void logout.skip()} onCancel={logout.cancel} />
      <PrivacyConsent
        onAccepted={() => void navigate(from ?? paths.home.getHref(), { replace: true })}
        onClose={logout.start}
        isClosing={logout.isLoggingOut}
      />
    </CenteredLayout>
  );
}
