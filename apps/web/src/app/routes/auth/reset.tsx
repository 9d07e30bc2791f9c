import { useTranslation } from 'react-i18next';
import { CenteredLayout } from '@/components/layout/page-layouts';
import { ResetForm } from '@/features/password-reset/components/reset-form';
import { useDocumentTitle } from '@/lib/use-document-title';
import '@/locales/it/password';

/** /reset: ask for the e-mail that leads to /new_password/:token/:email. */
export function ResetRoute() {
  const { t } = useTranslation('password');
  useDocumentTitle(t('reset.pageTitle'));

  return (
    <CenteredLayout>
      <section className="card" aria-labelledby="reset-title">
        <h1 id="reset-title">{t('reset.heading')}</h1>
        <p className="card__intro">{t('reset.intro')}</p>
        <ResetForm />
      </section>
    </CenteredLayout>
  );
}
