import { useTranslation } from 'react-i18next';
import { IntegrationsPage } from '@/features/staff-console/components/integrations-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /console/integrations */
export function ConsoleIntegrationsRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('integrations.title'));
  return <IntegrationsPage />;
}
