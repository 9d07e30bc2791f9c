import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

/** A page that crashed while rendering. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useDocumentTitle(t('common.errorPage.title'));
  useEffect(() => console.error(error), [error]);

  return (
    <CenteredLayout>
      <section className="card" role="alert">
        <h1>{t('common.errorPage.title')}</h1>
        <p>{t('common.errorPage.message')}</p>
        <Button onClick={() => window.location.reload()}>{t('common.errorPage.reload')}</Button>
      </section>
    </CenteredLayout>
  );
}
