import { useTranslation } from 'react-i18next';
import { SamplesPage } from '@/features/staff-console/components/samples-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /console/samples: who assesses whom. */
export function ConsoleSamplesRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('samples.title'));
  return <SamplesPage />;
}
