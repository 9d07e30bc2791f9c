import type { Campaign } from '@prova/contract/campaigns';
import { useTranslation } from 'react-i18next';
import { HtmlText } from '@/components/ui/html-text';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { documentRunHref, useReportOutcome } from '../api/get-report';
import { IndividualReport } from './individual-report';
import './report.css';

/** /report: a campaign document to download, else the individual report, else 'Nessun report disponibile'. */
export function ReportPage({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('report');
  const outcome = useReportOutcome(campaign.id);
  switch (outcome.kind) {
    case 'loading':
      return <PageSkeleton />;
    case 'error':
      return <LoadError heading message={t('downloadFailed')} onRetry={outcome.retry} />;
    case 'document':
      return (
        <section className="card report-card">
          <h1>{t('documentReady')}</h1>
          <p>
            <a className="button button--primary" href={documentRunHref(outcome.document.id, campaign.id)} download>
              {outcome.document.name || t('documentDefaultName')}
            </a>
          </p>
        </section>
      );
    case 'individual':
      return <IndividualReport report={outcome.report} />;
    case 'none':
      return (
        <section className="card report-card">
          <h1>{t('noReport')}</h1>
          {campaign.noReportText.trim() ? <HtmlText html={campaign.noReportText} /> : <p>{t('noReportText')}</p>}
        </section>
      );
  }
}
