import type { FieldIssue } from '@prova/contract/errors';
import type { StaffCampaign } from '@prova/contract/staff-campaigns';
import { type TestUploadKind, WEB_ACTIVITY_PROBLEMS, type WebActivityProblem } from '@prova/contract/staff-test-library';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notifications/notifications-store';
import { type ApiClientError, isApiClientError } from '@/lib/api-client';
import { useUploadTestPackage } from '../api/upload-test-package';
import { SelectField } from './form-fields';

type Kind = '' | TestUploadKind;

const isWebActivityProblem = (code: string | undefined): code is WebActivityProblem =>
  (WEB_ACTIVITY_PROBLEMS as readonly (string | undefined)[]).includes(code);

/**
 * A QTI package, a SCORM course or a web activity (a zip) made a test of the company, added to a campaign if one is
 * chosen.
 */
export function TestPackageUpload({ campaigns }: { campaigns: StaffCampaign[] }) {
  const { t } = useTranslation('console');
  const titleId = useId();
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<Kind>('');
  const [campaignId, setCampaignId] = useState('');
  const [fileError, setFileError] = useState<string>();
  const upload = useUploadTestPackage();
  const [problems, setProblems] = useState<string[]>([]);
  const [notes, setNotes] = useState<string[]>([]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblems([]);
    setNotes([]);
    if (!file) {
      setFileError(t('library.upload.noFile'));
      fileRef.current?.focus();
      return;
    }
    setFileError(undefined);
    try {
      const answer = await upload.mutateAsync({
        file,
        query: { type: kind || undefined, campaignId: campaignId ? Number(campaignId) : undefined },
      });
      notify({ type: 'success', title: t('library.upload.done', { abbreviation: answer.test.abbreviation }) });
      setNotes(answer.notes);
      setFile(null);
      if (fileRef.current) fileRef.current.value = '';
    } catch (error) {
      setProblems(isApiClientError(error) ? refusal(error) : [t('library.upload.failed')]);
    }
  }

  /** The reader's problems (what is wrong inside the package) are the useful part of a 422. */
  function refusal(error: ApiClientError): string[] {
    if (error.code === 'VALIDATION' && error.fieldErrors.length) return error.fieldErrors.map(problemText);
    if (error.status === 413) return [t('library.upload.tooBig')];
    if (error.code === 'RATE_LIMITED') return [t('library.upload.rateLimited')];
    return [t('library.upload.failed')];
  }

  /** A web activity's problem in the staff's words; any other as the reader says it. */
  const problemText = (issue: FieldIssue) =>
    isWebActivityProblem(issue.code) ? t(`library.upload.activityProblems.${issue.code}`) : issue.message;

  return (
    <section className="console-section card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('library.upload.title')}</h2>
      <p className="console-note">{t('library.upload.intro')}</p>
      <form className="console-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field console-field">
          <label htmlFor={fileId}>{t('library.upload.file')}</label>
          <input
            ref={fileRef}
            id={fileId}
            type="file"
            accept=".zip,application/zip"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${fileId}-error` : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          {fileError && (
            <p id={`${fileId}-error`} className="console-field__error">
              {fileError}
            </p>
          )}
        </div>
        <SelectField
          label={t('library.upload.kind')}
          value={kind}
          onChange={(event) => setKind(event.target.value as Kind)}
          options={[
            { value: '', label: t('library.upload.kindAny') },
            { value: 'qti', label: t('library.kinds.qti') },
            { value: 'scorm', label: t('library.kinds.scorm') },
            { value: 'activity', label: t('library.upload.kindActivity') },
          ]}
          hint={t('library.upload.activityHint')}
        />
        <SelectField
          label={t('library.upload.campaign')}
          value={campaignId}
          onChange={(event) => setCampaignId(event.target.value)}
          options={[
            { value: '', label: t('library.upload.noCampaign') },
            ...campaigns.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
        />
        <div className="console-form__actions">
          <Button type="submit" isLoading={upload.isPending}>
            {t('library.upload.submit')}
          </Button>
        </div>
      </form>
      {problems.length > 0 && (
        <div className="callout callout--error" role="alert">
          <p>{t('library.upload.problems')}</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      {notes.length > 0 && (
        <ul className="callout callout--warning">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
