import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { downloadReport, type ReportDownloadResult } from '../api/download-report';

export interface ReportDownloadButtonProps {
  campaignId: number;
  userId: number;
  name: string;
  /** What came of a download that did not happen, for the page to say. */
  onResult: (result: ReportDownloadResult, name: string) => void;
}

/** A participant's personal report as a PDF, whatever the campaign lets candidates download. */
export function ReportDownloadButton({ campaignId, userId, name, onResult }: ReportDownloadButtonProps) {
  const { t } = useTranslation('console');
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      isLoading={pending}
      aria-label={t('progress.reportNamed', { name })}
      onClick={async () => {
        setPending(true);
        try {
          onResult(await downloadReport(campaignId, userId, `report-${userId}.pdf`), name);
        } finally {
          setPending(false);
        }
      }}
    >
      {t('progress.report')}
    </Button>
  );
}
