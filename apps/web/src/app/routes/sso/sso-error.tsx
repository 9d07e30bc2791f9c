import { isSsoErrorPageCode } from '@prova/contract/sso';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/locales/it/sso';

/** /sso/error?code=... (a message per code, a general one otherwise). */
export function SsoErrorRoute() {
  const { t } = useTranslation('sso');
  useDocumentTitle(t('sso.error.title'));
  const [params] = useSearchParams();
  const code = params.get('code');

  return (
    <CenteredLayout>
      <section className="card">
        <h1>{t('sso.error.title')}</h1>
        <p role="alert">{isSsoErrorPageCode(code) ? t(`sso.error.${code}`) : t('sso.error.general')}</p>
        <p>
          <Link to={paths.auth.login.getHref()}>{t('sso.error.backToLogin')}</Link>
        </p>
      </section>
    </CenteredLayout>
  );
}
