import { useTranslation } from 'react-i18next';
import { ImportPage } from '@/features/staff-console/components/import-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /console/import: upload a bundle, read its report, confirm. */
export function ConsoleImportRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('import.title'));
  return <ImportPage />;
}
