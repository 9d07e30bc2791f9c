import { zodResolver } from '@hookform/resolvers/zod';
import { companyWriteSchema, type Company } from '@prova/contract/staff-companies';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { retentionMonthsFromText } from '@prova/contract/staff-erasure';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notifications/notifications-store';
import { PageSkeleton } from '@/components/ui/spinner';
import { useCurrentCompany } from '../api/get-company';
import { errorCode, serverFieldErrors } from '../api/server-errors';
import { useUpdateCompany } from '../api/update-company';
import { SelectField, TextField } from './form-fields';
import { useRetentionDue } from '../api/retention';
import { formatDateTime } from './date-time';
import '@/lib/italian-articles';

/**
 * The company the console works on (the staff's own, the operator's current one): its figures and its name.
 * Companies are created and removed by the platform's operator (the companies page), never by a company's staff.
 */
export function CompanyPage({ onRenamed }: { onRenamed?: () => void }) {
  const { t } = useTranslation('console');
  const company = useCurrentCompany();

  return (
    <div className="console-page">
      <h1>{t('company.title')}</h1>
      {company.isPending ? (
        <PageSkeleton />
      ) : company.isError ? (
        <LoadError message={t('company.loadError')} onRetry={() => void company.refetch()} />
      ) : !company.data ? (
        <p>{t('company.none')}</p>
      ) : (
        <>
          <dl className="console-facts">
            <div>
              <dt>{t('company.name')}</dt>
              <dd>{company.data.name}</dd>
            </div>
            <div>
              <dt>{t('company.people')}</dt>
              <dd>{company.data.counts.people}</dd>
            </div>
            <div>
              <dt>{t('company.campaigns')}</dt>
              <dd>{company.data.counts.campaigns}</dd>
            </div>
            <div>
              <dt>{t('company.timeZone')}</dt>
              <dd>{company.data.timeZone}</dd>
            </div>
            <div>
              <dt>{t('company.sso')}</dt>
              <dd>{company.data.ssoSlug ? `/sso/${company.data.ssoSlug}` : t('company.noSso')}</dd>
            </div>
          </dl>
          <section className="console-section" aria-labelledby="company-rename-title">
            <h2 id="company-rename-title">{t('company.detailsTitle')}</h2>
            <RenameCompanyForm company={company.data} onRenamed={onRenamed} />
          </section>
          <section className="console-section" aria-labelledby="company-privacy-title">
            <h2 id="company-privacy-title">{t('company.privacyTitle')}</h2>
            <PrivacyForm company={company.data} />
            <RetentionDue />
          </section>
          <p className="console-note">{t('company.operatorNote')}</p>
        </>
      )}
    </div>
  );
}

/** Every zone the browser knows, the company's own among them even if this browser does not know it. */
function timeZoneOptions(current: string) {
  const zones = Intl.supportedValuesOf('timeZone');
  return (zones.includes(current) ? zones : [current, ...zones]).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

type CompanyFormInput = z.input<typeof companyWriteSchema>;
type CompanyFormOutput = z.output<typeof companyWriteSchema>;

function RenameCompanyForm({ company, onRenamed }: { company: Company; onRenamed?: () => void }) {
  const { t } = useTranslation('console');
  const update = useUpdateCompany();
  const { register, handleSubmit, formState, setError } = useForm<CompanyFormInput, unknown, CompanyFormOutput>({
    resolver: zodResolver(companyWriteSchema),
    defaultValues: { name: company.name, timeZone: company.timeZone },
  });

  const submit = handleSubmit(async ({ name, timeZone }) => {
    try {
      await update.mutateAsync({ companyId: company.id, body: { name, timeZone } });
      notify({ type: 'success', title: t('company.saved') });
      onRenamed?.();
    } catch (error) {
      // What was typed stays in the field, with the reason beside it.
      const message = serverFieldErrors(error).name ?? (errorCode(error) === 'CONFLICT' ? t('company.nameTaken') : t('common.saveFailed'));
      setError('name', { message }, { shouldFocus: true });
    }
  });

  return (
    <form className="form console-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField label={t('company.name')} autoComplete="organization" error={formState.errors.name?.message} {...register('name')} />
      <SelectField
        className="console-field--full"
        label={t('company.timeZone')}
        hint={t('company.timeZoneHint')}
        options={timeZoneOptions(company.timeZone)}
        error={formState.errors.timeZone?.message}
        {...register('timeZone')}
      />
      <div className="console-form__actions">
        <Button type="submit" isLoading={update.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

/** What an erasure keeps, and after how long retention erases people (docs/privacy-erasure.md). */
function PrivacyForm({ company }: { company: Company }) {
  const { t } = useTranslation('console');
  const update = useUpdateCompany();
  const [keeps, setKeeps] = useState(company.erasureKeepsResults ? 'keep' : 'remove');
  const [months, setMonths] = useState(company.retentionMonths === null ? '' : String(company.retentionMonths));
  const [error, setError] = useState<string>();

  async function save(event: FormEvent) {
    event.preventDefault();
    const retentionMonths = retentionMonthsFromText(months);
    if (retentionMonths === undefined) {
      setError(t('company.retentionInvalid'));
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync({
        companyId: company.id,
        body: { name: company.name, erasureKeepsResults: keeps === 'keep', retentionMonths },
      });
      notify({ type: 'success', title: t('company.privacySaved') });
    } catch {
      setError(t('common.saveFailed'));
    }
  }

  return (
    <form className="form console-form" noValidate onSubmit={(event) => void save(event)}>
      <SelectField
        label={t('company.erasureResults')}
        value={keeps}
        onChange={(event) => setKeeps(event.target.value)}
        options={[
          { value: 'keep', label: t('company.erasureKeep') },
          { value: 'remove', label: t('company.erasureRemove') },
        ]}
      />
      <TextField
        label={t('company.retentionMonths')}
        hint={t('company.retentionHint')}
        inputMode="numeric"
        value={months}
        onChange={(event) => setMonths(event.target.value)}
        error={error}
      />
      <div className="console-form__actions">
        <Button type="submit" isLoading={update.isPending}>
          {t('company.privacySave')}
        </Button>
      </div>
    </form>
  );
}

/** Who retention erases within the month: the list staff were mailed. */
function RetentionDue() {
  const { t } = useTranslation('console');
  const due = useRetentionDue();
  if (due.isPending) return null;
  if (due.isError) return <p className="callout callout--error">{t('company.dueLoadError')}</p>;
  return (
    <>
      <h3>{t('company.dueTitle')}</h3>
      {due.data.length === 0 ? (
        <p>{t('company.dueNone')}</p>
      ) : (
        <>
          <p>{t('company.dueIntro')}</p>
          <ul>
            {due.data.map((person) => (
              <li key={person.userId}>
                {`${person.firstName} ${person.lastName}`.trim()} ({person.email}),{' '}
                {t('company.dueOn', { date: formatDateTime(person.eraseOn) })}
                {person.notifiedAt && ` · ${t('company.dueNotified')}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
