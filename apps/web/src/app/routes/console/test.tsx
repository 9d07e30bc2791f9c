import { idSchema } from '@prova/contract/common';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthoredTestPage } from '@/features/staff-console/components/authored-test-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /console/tests/new: a new test written in the console. */
export function ConsoleNewTestRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('authored.page.newTitle'));
  return <AuthoredTestPage />;
}

/** /console/tests/:testId: a written test's form (read-only once someone has started it). */
export function ConsoleTestRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('authored.page.editTitle'));
  const parsed = idSchema.safeParse(useParams().testId);
  // Coming from /console/tests/new, whose first save created it: the page says it is saved.
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  if (!parsed.success) {
    return (
      <div className="console-page">
        <h1>{t('authored.page.notFound')}</h1>
        <p>
          <Link to={paths.console.tests.getHref()}>{t('authored.page.back')}</Link>
        </p>
      </div>
    );
  }
  return <AuthoredTestPage key={parsed.data} testId={parsed.data} justCreated={created} />;
}
