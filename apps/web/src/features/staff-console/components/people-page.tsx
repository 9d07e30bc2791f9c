import { OPERATOR_ROLE, ROLES, type Role } from '@prova/contract/auth';
import type { Person, PersonQuery } from '@prova/contract/staff-people';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notifications/notifications-store';
import { PageSkeleton } from '@/components/ui/spinner';
import { genderOf } from '@/lib/gender';
import { useDeactivatePerson } from '../api/deactivate-person';
import { downloadPersonalData } from '../api/download-personal-data';
import { usePeople } from '../api/get-people';
import { errorCode } from '../api/server-errors';
import { useUpdatePerson } from '../api/update-person';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { ConfirmDialog } from './confirm-dialog';
import { ErasePersonDialog } from './erase-person-dialog';
import { SelectField, TextField } from './form-fields';
import { fullName, useCodeLabels } from './labels';
import { Pager } from './pager';
import { PersonDialog } from './person-dialog';
import { TableRegion } from './table-region';

const PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;
type Active = NonNullable<PersonQuery['active']>;

/** The company's people: searched, filtered and paged; created, edited, deactivated and brought back. */
export function PeoplePage({ currentUserId }: { currentUserId: number }) {
  const { t } = useTranslation('console');
  const labels = useCodeLabels();
  const listTitleId = useId();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [active, setActive] = useState<Active>('yes');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const query: PersonQuery = { q: q || undefined, role: role || undefined, active, page, pageSize: PAGE_SIZE };
  const people = usePeople(query);
  const [editing, setEditing] = useState<{ person?: Person } | null>(null);
  const [deactivating, setDeactivating] = useState<Person | null>(null);
  const [erasing, setErasing] = useState<Person | null>(null);
  const deactivate = useDeactivatePerson();
  // Where the focus goes when the row it was on leaves the list (deactivated, brought back).
  const countRef = useRef<HTMLParagraphElement>(null);
  const [focusCount, setFocusCount] = useState(false);
  // After the dialog has closed: while it is open the page is inert and cannot take the focus, and its closing (an
  // effect of the same render, which may run after this one) gives the focus back to a row now gone. So in a task of
  // its own, after every effect of this render.
  useEffect(() => {
    if (!focusCount || deactivating || erasing) return;
    const later = setTimeout(() => {
      countRef.current?.focus();
      setFocusCount(false);
    });
    return () => clearTimeout(later);
  }, [focusCount, deactivating, erasing]);
  const update = useUpdatePerson();

  // Any change of filter starts again from the first page.
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  async function confirmDeactivate() {
    if (!deactivating) return;
    try {
      await deactivate.mutateAsync(deactivating.id);
      notify({ type: 'success', title: t('people.deactivated', { name: fullName(deactivating) }) });
      setDeactivating(null);
      setFocusCount(true);
    } catch {
      // The dialog says why (ConfirmDialog's error); nothing changed.
    }
  }

  async function reactivate(person: Person) {
    try {
      await update.mutateAsync({ personId: person.id, body: { active: true } });
      notify({ type: 'success', title: t('people.reactivated', { name: fullName(person) }) });
      countRef.current?.focus();
    } catch {
      notify({ type: 'error', title: t('common.saveFailed') });
    }
  }

  const data = people.data;
  return (
    <div className="console-page">
      <div className="console-page__header">
        <h1>{t('people.title')}</h1>
        <Button onClick={() => setEditing({})}>{t('people.new')}</Button>
      </div>

      <div role="search" className="console-filters" aria-label={t('people.filtersLabel')}>
        <TextField
          label={t('people.search')}
          type="search"
          value={search}
          onChange={(event) => filter(setSearch)(event.target.value)}
          autoComplete="off"
        />
        <SelectField
          label={t('people.role')}
          value={role}
          onChange={(event) => filter(setRole)(event.target.value as Role | '')}
          options={[{ value: '', label: t('people.allRoles') }, ...ROLES.map((r) => ({ value: r, label: labels.role(r) }))]}
        />
        <SelectField
          label={t('people.state')}
          value={active}
          onChange={(event) => filter(setActive)(event.target.value as Active)}
          options={[
            { value: 'yes', label: t('people.activeOnly') },
            { value: 'no', label: t('people.inactiveOnly') },
            { value: 'all', label: t('people.everyone') },
          ]}
        />
      </div>

      {people.isPending ? (
        <PageSkeleton />
      ) : people.isError ? (
        <LoadError message={t('people.loadError')} onRetry={() => void people.refetch()} />
      ) : (
        <section className="console-section" aria-labelledby={listTitleId}>
          <h2 id={listTitleId} className="visually-hidden">
            {t('people.listTitle')}
          </h2>
          <p ref={countRef} tabIndex={-1} className="console-count" aria-live="polite">
            {t('people.count', { count: data!.total })}
          </p>
          {data!.people.length > 0 && (
            <TableRegion labelledBy={listTitleId}>
              <table className="console-table stack-table">
                <thead>
                  <tr>
                    <th scope="col">{t('people.name')}</th>
                    <th scope="col">{t('people.email')}</th>
                    <th scope="col">{t('people.role')}</th>
                    <th scope="col">{t('people.language')}</th>
                    <th scope="col">{t('people.state')}</th>
                    <th scope="col">{t('people.campaignsColumn')}</th>
                    <th scope="col">{t('common.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data!.people.map((person) => (
                    <tr key={person.id}>
                      <th scope="row">{fullName(person)}</th>
                      <td data-label={t('people.email')}>{person.email}</td>
                      <td data-label={t('people.role')}>{labels.role(person.role, person)}</td>
                      <td data-label={t('people.language')}>{labels.lang(person.lang)}</td>
                      <td data-label={t('people.state')}>
                        {person.active ? t('people.active') : t('people.inactive')}
                        {person.active && !person.hasPassword && !person.hasSSO && (
                          <span className="console-table__meta">{t('people.noPassword')}</span>
                        )}
                      </td>
                      <td data-label={t('people.campaignsColumn')} className="console-table__number">
                        {person.campaignIds.length}
                      </td>
                      <td>
                        <div className="console-row-actions">
                          <Button
                            variant="secondary"
                            onClick={() => setEditing({ person })}
                            aria-label={t('people.editNamed', { name: fullName(person) })}
                          >
                            {t('common.edit')}
                          </Button>
                          <Button
                            variant="ghost"
                            onClick={async () => {
                              if (!(await downloadPersonalData(person.id)))
                                notify({ type: 'error', title: t('people.personalDataFailed', { name: fullName(person) }) });
                            }}
                            aria-label={t('people.personalDataNamed', { name: fullName(person) })}
                          >
                            {t('people.personalData')}
                          </Button>
                          {person.active ? (
                            person.id !== currentUserId && (
                              <Button
                                variant="ghost"
                                onClick={() => {
                                  deactivate.reset();
                                  setDeactivating(person);
                                }}
                                aria-label={t('people.deactivateNamed', { name: fullName(person) })}
                              >
                                {t('people.deactivate')}
                              </Button>
                            )
                          ) : (
                            <Button
                              variant="ghost"
                              onClick={() => void reactivate(person)}
                              aria-label={t('people.reactivateNamed', { name: fullName(person) })}
                            >
                              {t('people.reactivate')}
                            </Button>
                          )}
                          {person.id !== currentUserId && person.role !== OPERATOR_ROLE && (
                            <Button
                              variant="ghost"
                              onClick={() => setErasing(person)}
                              aria-label={t('people.eraseNamed', { name: fullName(person) })}
                            >
                              {t('people.erase')}
                            </Button>
                          )}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          )}
          <Pager page={page} pageSize={PAGE_SIZE} total={data!.total} onPage={setPage} label={t('people.pagerLabel')} />
        </section>
      )}

      <PersonDialog open={editing !== null} person={editing?.person} currentUserId={currentUserId} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deactivating !== null}
        title={t('people.deactivateTitle', { name: deactivating ? fullName(deactivating) : '' })}
        confirmLabel={t('people.deactivate')}
        onConfirm={() => void confirmDeactivate()}
        onCancel={() => setDeactivating(null)}
        isPending={deactivate.isPending}
        error={
          deactivate.isError
            ? errorCode(deactivate.error) === 'CONFLICT'
              ? t('people.cannotDeactivateSelf', genderOf(deactivating))
              : t('common.saveFailed')
            : undefined
        }
      >
        <p>{t('people.deactivateBody')}</p>
      </ConfirmDialog>
      <ErasePersonDialog
        person={erasing}
        onClose={() => setErasing(null)}
        onErased={() => {
          setErasing(null);
          setFocusCount(true);
        }}
      />
    </div>
  );
}
