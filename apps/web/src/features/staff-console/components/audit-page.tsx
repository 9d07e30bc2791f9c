import { AUDIT_EVENT_NAMES, type AuditCsvQuery, type AuditQuery } from '@prova/contract/staff-audit';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { auditCsvHref, useAudit } from '../api/get-audit';
import { usePeople } from '../api/get-people';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { DateTime } from './date-time';
import { SelectField, TextField } from './form-fields';
import { fullName } from './labels';
import { Pager } from './pager';
import { TableRegion } from './table-region';

const PAGE_SIZE = 50;
const TYPING_DELAY_MS = 300;

/** A day picked in the browser's time zone, as the instant it starts (`next`: the one after it, for "to" included). */
export function dayStart(day: string, next = false): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  if (next) date.setDate(date.getDate() + 1);
  return date.toISOString();
}

/** An event in plain words; one the console has no words for yet shows by its name. */
export function useEventLabel() {
  const { t } = useTranslation('console');
  return (event: string) => t(`audit.events.${event}`, { defaultValue: event });
}

/** Who did what and when in the company (the operator: in every company too), filtered, paged and downloaded as CSV. */
export function AuditPage({ isOperator }: { isOperator: boolean }) {
  const { t } = useTranslation('console');
  const eventLabel = useEventLabel();
  const listTitleId = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [event, setEvent] = useState('');
  const [actorId, setActorId] = useState('');
  const [targetTyped, setTargetTyped] = useState('');
  const [scope, setScope] = useState<'company' | 'all'>('company');
  const [page, setPage] = useState(1);
  const target = useDebouncedValue(targetTyped.trim(), TYPING_DELAY_MS);
  const people = usePeople({ pageSize: 200, active: 'all' });
  const filters: AuditCsvQuery = {
    from: dayStart(from),
    to: dayStart(to, true),
    event: event || undefined,
    actorId: actorId || undefined,
    target: target || undefined,
    scope: scope === 'all' ? 'all' : undefined,
  };
  const query: AuditQuery = { ...filters, page, pageSize: PAGE_SIZE };
  const trail = useAudit(query);
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return (
    <div className="console-page">
      <div className="console-page__header">
        <h1>{t('audit.title')}</h1>
        <a className="button button--secondary" href={auditCsvHref(filters)} download>
          {t('audit.csv')}
        </a>
      </div>
      <p className="console-note">{t('audit.intro')}</p>

      <div role="search" className="console-filters" aria-label={t('audit.filtersLabel')}>
        <TextField
          label={t('audit.from')}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => filter(setFrom)(e.target.value)}
        />
        <TextField label={t('audit.to')} type="date" value={to} min={from || undefined} onChange={(e) => filter(setTo)(e.target.value)} />
        <SelectField
          label={t('audit.event')}
          value={event}
          onChange={(e) => filter(setEvent)(e.target.value)}
          options={[
            { value: '', label: t('audit.allEvents') },
            ...AUDIT_EVENT_NAMES.map((name) => ({ value: name, label: eventLabel(name) })),
          ]}
        />
        <SelectField
          label={t('audit.actor')}
          value={actorId}
          onChange={(e) => filter(setActorId)(e.target.value)}
          options={[
            { value: '', label: t('audit.anyone') },
            ...(people.data?.people ?? []).map((person) => ({ value: String(person.id), label: fullName(person) })),
          ]}
        />
        <TextField
          label={t('audit.target')}
          hint={t('audit.targetHint')}
          type="search"
          value={targetTyped}
          autoComplete="off"
          onChange={(e) => filter(setTargetTyped)(e.target.value)}
        />
        {isOperator && (
          <SelectField
            label={t('audit.scope')}
            value={scope}
            onChange={(e) => filter(setScope)(e.target.value as 'company' | 'all')}
            options={[
              { value: 'company', label: t('audit.scopeCompany') },
              { value: 'all', label: t('audit.scopeAll') },
            ]}
          />
        )}
      </div>

      {trail.isPending ? (
        <PageSkeleton />
      ) : trail.isError ? (
        <LoadError message={t('audit.loadError')} onRetry={() => void trail.refetch()} />
      ) : (
        <section className="console-section" aria-labelledby={listTitleId}>
          <h2 id={listTitleId}>{t('audit.listTitle')}</h2>
          <p className="console-count" aria-live="polite">
            {t('audit.count', { count: trail.data.total })}
          </p>
          {trail.data.entries.length > 0 && (
            <TableRegion labelledBy={listTitleId}>
              <table className="console-table stack-table">
                <thead>
                  <tr>
                    <th scope="col">{t('audit.when')}</th>
                    <th scope="col">{t('audit.who')}</th>
                    <th scope="col">{t('audit.what')}</th>
                    <th scope="col">{t('audit.target')}</th>
                    <th scope="col">{t('audit.person')}</th>
                    <th scope="col">{t('audit.detail')}</th>
                    {scope === 'all' && <th scope="col">{t('audit.company')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {trail.data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td data-label={t('audit.when')}>
                        <DateTime value={entry.at} />
                      </td>
                      <td data-label={t('audit.who')}>{entry.actor?.name ?? entry.email ?? t('audit.nobody')}</td>
                      <th scope="row">{eventLabel(entry.event)}</th>
                      <td data-label={t('audit.target')}>{entry.target ?? ''}</td>
                      <td data-label={t('audit.person')}>{entry.subject?.name ?? ''}</td>
                      <td data-label={t('audit.detail')}>{entry.detail ?? ''}</td>
                      {scope === 'all' && <td data-label={t('audit.company')}>{entry.companyId ?? t('audit.noCompany')}</td>}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
          <Pager page={page} pageSize={PAGE_SIZE} total={trail.data.total} onPage={setPage} label={t('audit.pagerLabel')} />
        </section>
      )}
    </div>
  );
}
