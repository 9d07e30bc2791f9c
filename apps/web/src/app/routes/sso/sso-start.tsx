import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/locales/it/sso';

/** /sso/:slug hands the browser over to the API, which starts single sign-on. */
export function SsoStartRoute() {
  const { t } = useTranslation('sso');
  useDocumentTitle(t('sso.redirecting'));
  const { slug = '' } = useParams();

  useEffect(() => {
    window.location.replace(paths.sso.apiStart(slug));
  }, [slug]);

  return (
    <CenteredLayout>
      <section className="card">
        <h1>{t('sso.redirecting')}</h1>
        <Spinner delayMs={0} />
      </section>
    </CenteredLayout>
  );
}
