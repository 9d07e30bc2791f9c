import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('common.notFoundTitle'));
  return (
    <CenteredLayout>
      <section className="card">
        <h1>{t('common.notFound')}</h1>
        <p>
          <Link to={paths.home.getHref()}>{t('common.backHome')}</Link>
        </p>
      </section>
    </CenteredLayout>
  );
}
