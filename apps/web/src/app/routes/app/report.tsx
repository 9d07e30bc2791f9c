import { useTranslation } from 'react-i18next';
import { ReportPage } from '@/features/report/components/report-page';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCampaignContext } from './campaign-root';

/** /report: the selected campaign's report for the signed-in person. The chart library loads with this route only. */
export function ReportRoute() {
  const { t } = useTranslation('report');
  const { campaign } = useCampaignContext();
  useDocumentTitle(t('pageTitle'));
  return (
    <div className="page">
      <ReportPage campaign={campaign} />
    </div>
  );
}
