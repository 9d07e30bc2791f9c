import { useTranslation } from 'react-i18next';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/locales/it/sso';

/**
 * Where single sign-on users land after logging out. This page is in Italian
 * whatever the interface language, so its texts are read in Italian and marked lang="it".
 */
export function SsoLogoutRoute() {
  const { t } = useTranslation('sso');
  const it = { lng: 'it' } as const;
  useDocumentTitle(t('sso.logoutTitle', it));

  return (
    <CenteredLayout>
      <section className="card" lang="it">
        <h1>{t('sso.logoutTitle', it)}</h1>
        <p>{t('sso.logoutDone', it)}</p>
        <p>{t('sso.logoutReenter', it)}</p>
      </section>
    </CenteredLayout>
  );
}
