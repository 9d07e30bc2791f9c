import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { PrivacyConsent } from '@/features/privacy/components/privacy-consent';
import { readFrom } from '@/lib/redirect';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Privacy consent (spec section 2): after it, the page first asked for, or the home. */
export function PrivacyRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('privacy.pageTitle'));
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const from = readFrom(location.state);

  return (
    <CenteredLayout>
      <PrivacyConsent
        onAccepted={() => void navigate(from ?? paths.home.getHref(), { replace: true })}
        onClose={() => logout.mutate({})}
        isClosing={logout.isPending}
      />
    </CenteredLayout>
  );
}
