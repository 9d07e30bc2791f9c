import { useTranslation } from 'react-i18next';
import { NormsPage } from '@/features/staff-console/components/norms-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /console/norms */
export function ConsoleNormsRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('norms.title'));
  return <NormsPage />;
}
