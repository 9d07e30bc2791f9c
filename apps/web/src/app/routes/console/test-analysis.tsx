import { idSchema } from '@prova/contract/common';
import { itemAnalysisQuerySchema } from '@prova/contract/item-analysis';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ItemAnalysisPage } from '@/features/staff-console/components/item-analysis-page';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /console/tests/:testId/analysis(?campaigns=1,2): a test's item analysis and reliability. */
export function ConsoleTestAnalysisRoute() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('analysis.titleUnknown'));
  const testId = idSchema.safeParse(useParams().testId);
  const [search] = useSearchParams();
  const query = itemAnalysisQuerySchema.safeParse({ campaigns: search.get('campaigns') ?? undefined });
  if (!testId.success)
    return (
      <div className="console-page">
        <h1>{t('authored.page.notFound')}</h1>
      </div>
    );
  return <ItemAnalysisPage testId={testId.data} campaignIds={query.success ? query.data.campaigns : undefined} />;
}
