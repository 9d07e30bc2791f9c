import { STAFF_PATHS } from '@prova/contract/staff';
import { EXPORT_FORMATS, type ExportFormat, type Job } from '@prova/contract/staff-jobs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { API_BASE } from '@/lib/api-client';
import { useJob } from '../api/get-job';
import { useStartExport } from '../api/start-export';
import { JobProgress } from './job-progress';

const FORMAT_KEYS = { csv: 'export.csv', xlsx: 'export.xlsx' } as const;

/** Exports the campaign's results: the server writes the file as a job, the browser only downloads it. */
export function ExportSection({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation('console');
  const titleId = useId();
  const start = useStartExport(campaignId);
  const [jobs, setJobs] = useState<Partial<Record<ExportFormat, Job>>>({});
  const [failed, setFailed] = useState<ExportFormat | null>(null);

  async function run(format: ExportFormat) {
    setFailed(null);
    try {
      const job = await start.mutateAsync(format);
      setJobs((current) => ({ ...current, [format]: job }));
    } catch {
      setFailed(format);
    }
  }

  return (
    <section className="console-section console-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('export.title')}</h2>
      <p>{t('export.intro')}</p>
      <div className="console-actions">
        {EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            variant="secondary"
            onClick={() => void run(format)}
            isLoading={start.isPending && start.variables === format}
          >
            {t(FORMAT_KEYS[format])}
          </Button>
        ))}
      </div>
      {failed && (
        <p className="callout callout--error" role="alert">
          {t('export.startFailed')}
        </p>
      )}
      {EXPORT_FORMATS.map((format) => {
        const job = jobs[format];
        return job ? <ExportJob key={job.id} initial={job} label={t(FORMAT_KEYS[format])} /> : null;
      })}
    </section>
  );
}

function ExportJob({ initial, label }: { initial: Job; label: string }) {
  const { t } = useTranslation('console');
  const { data: job = initial } = useJob(initial);
  return (
    <div className="console-export">
      <JobProgress job={job} label={label} />
      {job.state === 'done' && job.file && (
        <p>
          <a href={`${API_BASE}${STAFF_PATHS.jobFile(job.id)}`} download={job.file.name} className="button button--primary">
            {t('export.download', { name: job.file.name, size: formatSize(job.file.size) })}
          </a>
        </p>
      )}
    </div>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
