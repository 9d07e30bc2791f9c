import { useTranslation } from 'react-i18next';
import { AuthoredTestsPage } from '@/features/staff-console/components/authored-tests-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /console/tests: the tests written in the console. */
export function ConsoleTestsRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('authored.list.title'));
  return <AuthoredTestsPage />;
}
