import type { Job } from '@prova/contract/staff-jobs';
import { useTranslation } from 'react-i18next';

/** The sentence that says where a job is. */
export function useJobText() {
  const { t } = useTranslation('console');
  return (job: Job): string => {
    const counts = { done: job.done, total: job.total };
    switch (job.state) {
      case 'queued':
        return t('job.queued');
      case 'validating':
        return t('job.validating');
      case 'validated':
        return t('job.validated');
      case 'invalid':
        return t('job.invalid', { count: job.problems.length });
      case 'importing':
        return job.phase === 'passwords' && job.total > 0 ? t('job.importingPasswords', counts) : t('job.importing');
      case 'exporting':
        return job.phase === 'rows' && job.total > 0 ? t('job.exportingRows', counts) : t('job.exporting');
      case 'done':
        return t('job.done');
      case 'failed':
        return job.error ? t('job.failedBecause', { error: job.error }) : t('job.failed');
    }
  };
}

const RUNNING: Job['state'][] = ['queued', 'validating', 'importing', 'exporting'];

/**
 * A job's progress: the sentence is announced as it changes (a status region); the bar shows how far
 * the phase is when the server knows its size.
 */
export function JobProgress({ job, label }: { job: Job; label: string }) {
  const text = useJobText();
  const running = RUNNING.includes(job.state);
  const known = job.total > 0;
  const percent = known ? Math.min(100, Math.round((job.done / job.total) * 100)) : undefined;
  return (
    <div className="console-job">
      <p role="status" className="console-job__text">
        {text(job)}
      </p>
      {running && (
        <div
          className={['console-progress', known ? '' : 'console-progress--unknown'].filter(Boolean).join(' ')}
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={known ? 100 : undefined}
          aria-valuenow={percent}
        >
          <span className="console-progress__fill" style={known ? { width: `${percent}%` } : undefined} />
        </div>
      )}
    </div>
  );
}
