import type { ProgressQuery, ProgressRow, StaffCampaignResponse } from '@prova/contract/staff-campaigns';
import type { TestStatus } from '@prova/contract/tests';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import type { ReportDownloadResult } from '../api/download-report';
import { useProgress } from '../api/get-progress';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { DateTime } from './date-time';
import { SelectField, TextField } from './form-fields';
import { fullName, useCodeLabels } from './labels';
import { Pager } from './pager';
import { ProgressStatus, useProgressStatusLabel } from './progress-status';
import { ReportDownloadButton } from './report-download-button';
import { Check } from './selection-delete';
import { TableRegion } from './table-region';

type Test = StaffCampaignResponse['tests'][number];

const PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;
const STATUSES: TestStatus[] = ['not attempted', 'incomplete', 'complete'];

export interface ProgressSectionProps {
  campaignId: number;
  /** Participants ticked for an invitation, across pages. */
  selected: Set<number>;
  onSelect: (userIds: number[], checked: boolean) => void;
  onReset: (row: ProgressRow) => void;
  /** Opens a participant's responses in a QTI package test. */
  onResponses: (row: ProgressRow, test: Test) => void;
}

/** The campaign's live progress: each participant by test, filtered, searched and paged, asked again every few seconds. */
export function ProgressSection({ campaignId, selected, onSelect, onReset, onResponses }: ProgressSectionProps) {
  const { t } = useTranslation('console');
  const labels = useCodeLabels();
  const statusLabel = useProgressStatusLabel();
  const titleId = useId();
  const tableTitleId = useId();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TestStatus | ''>('');
  const [testId, setTestId] = useState('');
  const [invited, setInvited] = useState<'' | 'yes' | 'no'>('');
  const [sort, setSort] = useState<'name' | 'lastActivity'>('name');
  const [page, setPage] = useState(1);
  const [reportMessage, setReportMessage] = useState<string>();
  const [refreshing, setRefreshing] = useState(false);
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const query: ProgressQuery = {
    q: q || undefined,
    status: status || undefined,
    testId: testId ? Number(testId) : undefined,
    invited: invited || undefined,
    sort,
    page,
    pageSize: PAGE_SIZE,
  };
  const progress = useProgress(campaignId, query);

  // Any change of filter starts again from the first page.
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  function onReportResult(result: ReportDownloadResult, name: string) {
    setReportMessage(
      result === 'downloaded'
        ? undefined
        : result === 'not-available'
          ? t('progress.reportNotAvailable', { name })
          : t('progress.reportFailed', { name }),
    );
  }

  const data = progress.data;
  const tests: Test[] = data?.tests ?? [];
  const rows = data?.participants ?? [];
  const pageIds = rows.map((row) => row.user.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  return (
    <section className="console-section" aria-labelledby={titleId}>
      <div className="console-page__header">
        <h2 id={titleId}>{t('progress.title')}</h2>
        <Button
          variant="ghost"
          onClick={async () => {
            setRefreshing(true);
            await progress.refetch();
            setRefreshing(false);
          }}
          // Only a refresh asked for shows its wait: the polling every few seconds stays quiet.
          isLoading={refreshing}
        >
          {t('progress.refresh')}
        </Button>
      </div>
      <p className="console-note">{t('progress.live')}</p>

      <div role="search" className="console-filters" aria-label={t('progress.filtersLabel')}>
        <TextField
          label={t('progress.search')}
          type="search"
          value={search}
          autoComplete="off"
          onChange={(event) => filter(setSearch)(event.target.value)}
        />
        <SelectField
          label={t('progress.status')}
          value={status}
          onChange={(event) => filter(setStatus)(event.target.value as TestStatus | '')}
          options={[{ value: '', label: t('progress.anyStatus') }, ...STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))]}
        />
        <SelectField
          label={t('progress.test')}
          hint={status ? t('progress.testHint') : undefined}
          value={testId}
          onChange={(event) => filter(setTestId)(event.target.value)}
          options={[{ value: '', label: t('progress.anyTest') }, ...tests.map((test) => ({ value: String(test.id), label: test.name }))]}
        />
        <SelectField
          label={t('progress.invited')}
          value={invited}
          onChange={(event) => filter(setInvited)(event.target.value as '' | 'yes' | 'no')}
          options={[
            { value: '', label: t('progress.invitedAny') },
            { value: 'yes', label: t('progress.invitedYes') },
            { value: 'no', label: t('progress.invitedNo') },
          ]}
        />
        <SelectField
          label={t('progress.sort')}
          value={sort}
          onChange={(event) => filter(setSort)(event.target.value as 'name' | 'lastActivity')}
          options={[
            { value: 'name', label: t('progress.sortName') },
            { value: 'lastActivity', label: t('progress.sortLastActivity') },
          ]}
        />
      </div>

      {progress.isPending ? (
        <PageSkeleton />
      ) : progress.isError && !data ? (
        <LoadError message={t('progress.loadError')} onRetry={() => void progress.refetch()} />
      ) : (
        <>
          <p className="console-count" aria-live="polite">
            {t('progress.count', { count: data!.total })}
          </p>
          <ul className="console-counts" aria-label={t('progress.cellCountsLabel')}>
            {STATUSES.map((s) => (
              <li key={s}>
                {statusLabel(s)}: {data!.counts[s]}
              </li>
            ))}
          </ul>
          <p className="console-note">
            {t('progress.updatedAt')} <DateTime value={data!.at} />
          </p>
          <p className="console-note">{t('progress.reportHint')}</p>
          <div role="status" className="console-result">
            {reportMessage && <p className="callout callout--warning">{reportMessage}</p>}
          </div>
          {rows.length > 0 && (
            <TableRegion labelledBy={tableTitleId}>
              <table className="console-table console-table--progress stack-table">
                <caption id={tableTitleId} className="visually-hidden">
                  {t('progress.tableCaption')}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Check selectsAll label={t('progress.selectPage')} checked={allOnPage} onChange={(on) => onSelect(pageIds, on)} />
                    </th>
                    <th scope="col">{t('progress.participant')}</th>
                    <th scope="col">{t('progress.invitation')}</th>
                    {tests.map((test) => (
                      <th scope="col" key={test.id}>
                        <abbr title={test.name}>{test.abbreviation}</abbr>
                        <span className="visually-hidden"> {test.name}</span>
                      </th>
                    ))}
                    <th scope="col">{t('progress.completed')}</th>
                    <th scope="col">{t('progress.lastActivity')}</th>
                    <th scope="col">{t('common.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => {
                    const name = fullName(row.user);
                    return (
                      <tr key={row.user.id}>
                        <td>
                          <Check
                            label={t('progress.selectNamed', { name })}
                            checked={selected.has(row.user.id)}
                            onChange={(on) => onSelect([row.user.id], on)}
                          />
                        </td>
                        <th scope="row">
                          <span className="console-person__name">{name}</span>
                          <span className="console-table__meta">{row.user.email}</span>
                          {row.user.role !== 'user' && <span className="console-table__meta">{labels.role(row.user.role)}</span>}
                          {!row.user.active && <span className="console-table__meta">{t('people.inactive')}</span>}
                        </th>
                        <td data-label={t('progress.invitation')}>
                          {row.invitedAt ? <DateTime value={row.invitedAt} /> : t('progress.notInvited')}
                        </td>
                        {row.cells.map((cell) => {
                          const test = tests.find((x) => x.id === cell.testId);
                          return (
                            <td key={cell.testId} data-label={test?.name}>
                              <ProgressStatus status={cell.status} />
                              {cell.updatedAt && <DateTime className="console-table__meta" value={cell.updatedAt} />}
                              {cell.previousAttempts > 0 && (
                                <span className="console-table__meta">
                                  {t('progress.previousAttempts', { count: cell.previousAttempts })}
                                </span>
                              )}
                              {test?.packageKind === 'qti' && cell.status !== 'not attempted' && (
                                <Button
                                  variant="ghost"
                                  onClick={() => onResponses(row, test)}
                                  aria-label={t('progress.responsesNamed', { test: test.name, name })}
                                >
                                  {t('progress.responses')}
                                </Button>
                              )}
                            </td>
                          );
                        })}
                        <td data-label={t('progress.completed')}>
                          {t('progress.completedOf', { completed: row.completed, total: row.total })}
                          {row.feedback360 && (
                            <span className="console-table__meta">
                              {t('progress.feedback360', { done: row.feedback360.done, total: row.feedback360.total })}
                            </span>
                          )}
                        </td>
                        <td data-label={t('progress.lastActivity')}>
                          {row.lastActivity ? <DateTime value={row.lastActivity} /> : t('progress.never')}
                        </td>
                        <td>
                          <div className="console-row-actions">
                            {row.reportAvailable ? (
                              <ReportDownloadButton campaignId={campaignId} userId={row.user.id} name={name} onResult={onReportResult} />
                            ) : (
                              // The server said the report has nothing to show (or, for an assessor, that there is none).
                              row.user.role === 'user' && <span className="console-table__meta">{t('progress.noReport')}</span>
                            )}
                            {row.cells.some((cell) => cell.status !== 'not attempted') && (
                              <Button variant="ghost" onClick={() => onReset(row)} aria-label={t('progress.resetNamed', { name })}>
                                {t('progress.reset')}
                              </Button>
                            )}
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableRegion>
          )}
          <Pager page={page} pageSize={PAGE_SIZE} total={data!.total} onPage={setPage} label={t('progress.pagerLabel')} />
        </>
      )}
    </section>
  );
}
