import { useTranslation } from 'react-i18next';
import { CampaignsPage } from '@/features/staff-console/components/campaigns-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /console/campaigns */
export function ConsoleCampaignsRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('campaigns.title'));
  return <CampaignsPage />;
}
