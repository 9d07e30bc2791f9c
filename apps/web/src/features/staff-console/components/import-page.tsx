import { BUNDLE_UPLOAD_MAX_BYTES, BUNDLE_ZIP_UPLOAD_MAX_BYTES } from '@prova/contract/staff';
import { importUploadRequestSchema, type Job } from '@prova/contract/staff-jobs';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { NoticePanel } from '@/components/ui/notice-panel';
import { paths } from '@/config/paths';
import { useConfirmImport } from '../api/confirm-import';
import { useJob } from '../api/get-job';
import { errorCode } from '../api/server-errors';
import { useUploadBundle } from '../api/upload-bundle';
import { JobProgress } from './job-progress';

type Bundle = Record<string, unknown>;

const MB = 1024 * 1024;
/** A zip starts with a local file header (PK\x03\x04), or is empty (PK\x05\x06). */
const isZip = (head: Uint8Array) => head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);

/**
 * A bundle file (its JSON, or a zip of it and the packages its tests name), uploaded: the server checks
 * it without writing anything and reports every problem, or what it will create and update; only a
 * confirmation writes it, as a job with its progress.
 */
export function ImportPage() {
  const { t } = useTranslation('console');
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadBundle();
  const [fileError, setFileError] = useState<string>();
  const [started, setStarted] = useState<Job>();

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload.isPending) return;
    const file = fileRef.current?.files?.[0];
    const fail = (message: string) => {
      setFileError(message);
      fileRef.current?.focus();
    };
    if (!file) return fail(t('import.noFile'));
    const name = file.name.toLowerCase();
    if (name.endsWith('.zip')) return send(file, fail);
    if (!name.endsWith('.json')) return fail(t('import.wrongType'));
    if (file.size > BUNDLE_UPLOAD_MAX_BYTES) return fail(t('import.tooLarge', { mb: BUNDLE_UPLOAD_MAX_BYTES / MB }));
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch (error) {
      return fail(t('import.notJson', { reason: error instanceof Error ? error.message : '' }));
    }
    const body = importUploadRequestSchema.safeParse(parsed);
    if (!body.success) return fail(t('import.notObject'));
    await start(body.data, BUNDLE_UPLOAD_MAX_BYTES, fail);
  }

  /** A zip goes as it is: the server reads bundle.json and the packages in it. */
  async function send(file: File, fail: (message: string) => void) {
    if (file.size > BUNDLE_ZIP_UPLOAD_MAX_BYTES) return fail(t('import.tooLarge', { mb: BUNDLE_ZIP_UPLOAD_MAX_BYTES / MB }));
    if (!isZip(new Uint8Array(await file.slice(0, 4).arrayBuffer()))) return fail(t('import.notZip'));
    // Typed as a zip whatever the system called it (application/x-zip-compressed, say).
    await start(new Blob([file], { type: 'application/zip' }), BUNDLE_ZIP_UPLOAD_MAX_BYTES, fail);
  }

  async function start(body: Bundle | Blob, limit: number, fail: (message: string) => void) {
    setFileError(undefined);
    setStarted(undefined);
    try {
      const job = await upload.mutateAsync(body);
      setStarted(job);
    } catch (error) {
      const code = errorCode(error);
      fail(code === 'PAYLOAD_TOO_LARGE' ? t('import.tooLarge', { mb: limit / MB }) : t('import.uploadFailed'));
    }
  }

  return (
    <div className="console-page">
      <h1>{t('import.title')}</h1>
      <p className="page__lead">{t('import.intro')}</p>
      <form className="form console-form" noValidate onSubmit={(event) => void check(event)}>
        <div className="field console-field">
          <label htmlFor={fileId}>{t('import.file')}</label>
          <input
            ref={fileRef}
            id={fileId}
            type="file"
            accept=".json,application/json,.zip,application/zip"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={[`${fileId}-hint`, fileError ? `${fileId}-error` : ''].filter(Boolean).join(' ')}
            onChange={() => setFileError(undefined)}
          />
          <p id={`${fileId}-hint`} className="field__hint">
            {t('import.fileHint', { mb: BUNDLE_UPLOAD_MAX_BYTES / MB, zipMb: BUNDLE_ZIP_UPLOAD_MAX_BYTES / MB })}
          </p>
          {fileError && (
            <p id={`${fileId}-error`} className="console-field__error">
              {fileError}
            </p>
          )}
        </div>
        <div className="console-form__actions">
          <Button type="submit" isLoading={upload.isPending}>
            {t('import.check')}
          </Button>
        </div>
      </form>
      {started && <ImportJob key={started.id} initial={started} onCancel={() => setStarted(undefined)} />}
    </div>
  );
}

function ImportJob({ initial, onCancel }: { initial: Job; onCancel: () => void }) {
  const { t } = useTranslation('console');
  const { data: job = initial } = useJob(initial);
  const confirm = useConfirmImport();

  return (
    <section className="console-section" aria-label={t('import.resultLabel')}>
      <JobProgress job={job} label={t('import.progressLabel')} />
      {job.state === 'invalid' && (
        <NoticePanel tone="error" title={t('import.problems', { count: job.problems.length })}>
          <p>{t('import.nothingWritten')}</p>
          <ol className="console-problems">
            {job.problems.map((problem, index) => (
              <li key={index}>
                <Problem text={problem} />
              </li>
            ))}
          </ol>
        </NoticePanel>
      )}
      {job.state === 'validated' && (
        <NoticePanel
          tone="success"
          title={t('import.valid')}
          actions={
            <>
              <Button onClick={() => void confirm.mutateAsync(job.id).catch(() => undefined)} isLoading={confirm.isPending}>
                {t('import.confirm')}
              </Button>
              <Button variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
                {t('common.cancel')}
              </Button>
            </>
          }
        >
          <p>{t('import.planIntro')}</p>
          {job.plan && <PlanTable plan={job.plan} />}
          <Notes notes={job.notes} />
          {confirm.isError && (
            <p className="callout callout--error" role="alert">
              {errorCode(confirm.error) === 'CONFLICT' ? t('import.confirmConflict') : t('import.confirmFailed')}
            </p>
          )}
        </NoticePanel>
      )}
      {job.state === 'done' && (
        <NoticePanel tone="success" title={t('import.done')}>
          {job.summary && <SummaryTable summary={job.summary} />}
          <Notes notes={job.notes} />
          <CampaignLinks campaigns={job.campaigns} />
        </NoticePanel>
      )}
      {job.state === 'failed' && (
        <NoticePanel tone="error" title={t('import.failed')}>
          <p>{job.error ?? t('import.nothingWritten')}</p>
        </NoticePanel>
      )}
    </section>
  );
}

/** What staff should know of a valid upload (e.g. that only a SCORM package's first SCO is delivered). */
function Notes({ notes }: { notes: string[] }) {
  const { t } = useTranslation('console');
  const titleId = useId();
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="console-notes__title">
        {t('import.notes')}
      </h2>
      <ul className="console-problems">
        {notes.map((note, index) => (
          <li key={index}>
            <Problem text={note} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `campaigns[0].tests[2].test: unknown test "NUMX"`: the path apart, so it reads as a place in the file. */
function Problem({ text }: { text: string }) {
  const split = text.indexOf(': ');
  if (split <= 0) return <>{text}</>;
  return (
    <>
      <code>{text.slice(0, split)}</code>: {text.slice(split + 2)}
    </>
  );
}

const LIST_KEYS = {
  languages: 'import.lists.languages',
  companies: 'import.lists.companies',
  users: 'import.lists.users',
  tests: 'import.lists.tests',
  campaigns: 'import.lists.campaigns',
  campaignTests: 'import.lists.campaignTests',
  participants: 'import.lists.participants',
  assessments: 'import.lists.assessments',
  relations360: 'import.lists.relations360',
  packages: 'import.lists.packages',
  norms: 'import.lists.norms',
} as const;

function useListLabel() {
  const { t } = useTranslation('console');
  return (key: string) => (key in LIST_KEYS ? t(LIST_KEYS[key as keyof typeof LIST_KEYS]) : key);
}

function PlanTable({ plan }: { plan: NonNullable<Job['plan']> }) {
  const { t } = useTranslation('console');
  const label = useListLabel();
  const captionId = useId();
  return (
    <div className="console-table-region" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="console-table">
        <caption id={captionId}>{t('import.planCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('import.list')}</th>
            <th scope="col">{t('import.create')}</th>
            <th scope="col">{t('import.update')}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(plan).map(([key, counts]) => (
            <tr key={key}>
              <th scope="row">{label(key)}</th>
              <td>{counts.create}</td>
              <td>{counts.update}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SummaryTable({ summary }: { summary: NonNullable<Job['summary']> }) {
  const { t } = useTranslation('console');
  const label = useListLabel();
  const captionId = useId();
  const touched = Object.entries(summary).filter(([, c]) => c.created + c.updated + c.unchanged + c.removed > 0);
  return (
    <div className="console-table-region" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="console-table">
        <caption id={captionId}>{t('import.summaryCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('import.list')}</th>
            <th scope="col">{t('import.created')}</th>
            <th scope="col">{t('import.updated')}</th>
            <th scope="col">{t('import.unchanged')}</th>
            <th scope="col">{t('import.removed')}</th>
          </tr>
        </thead>
        <tbody>
          {touched.map(([key, c]) => (
            <tr key={key}>
              <th scope="row">{label(key)}</th>
              <td>{c.created}</td>
              <td>{c.updated}</td>
              <td>{c.unchanged}</td>
              <td>{c.removed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The campaigns the bundle wrote, as the server read them from it (a JSON upload or a zip's bundle.json). */
function CampaignLinks({ campaigns }: { campaigns: Job['campaigns'] }) {
  const { t } = useTranslation('console');
  if (campaigns.length === 0) return null;
  return (
    <ul className="console-links">
      {campaigns.map((campaign) => (
        <li key={campaign.id}>
          <Link to={paths.console.campaign.getHref(campaign.id)}>
            {t('import.openCampaign', { name: textOf(campaign.name) || String(campaign.id) })}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A bundle's localized text: a string, or its Italian (else first) version. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) {
    const texts = value as Record<string, unknown>;
    const first = texts.IT_it ?? Object.values(texts)[0];
    return typeof first === 'string' ? first : '';
  }
  return '';
}
