import { LANGS, type LangCode } from '@prova/contract/limits';
import { languageCreateSchema, type StaffLanguage } from '@prova/contract/staff-languages';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notifications/notifications-store';
import { PageSkeleton } from '@/components/ui/spinner';
import { useDeleteLanguages } from '../api/delete-languages';
import { useLanguages } from '../api/get-languages';
import { useSaveLanguage } from '../api/save-language';
import { errorCode } from '../api/server-errors';
import { useSelection } from '../hooks/use-selection';
import { SelectField, TextField } from './form-fields';
import { useCodeLabels } from './labels';
import { Check, SelectionDelete } from './selection-delete';
import { TableRegion } from './table-region';

/**
 * The platform's content languages, shared by every company: staff read them with how many of their campaigns offer
 * each; only the operator adds, renames and deletes them (the server refuses anyone else).
 */
export function LanguagesPage({ isOperator }: { isOperator: boolean }) {
  const { t } = useTranslation('console');
  const labels = useCodeLabels();
  const listTitleId = useId();
  const languages = useLanguages();
  const remove = useDeleteLanguages();
  const codes = useMemo(() => (languages.data ?? []).map((l) => l.id), [languages.data]);
  const selection = useSelection<LangCode>(codes);
  const [renaming, setRenaming] = useState<StaffLanguage | null>(null);

  return (
    <div className="console-page">
      <div className="console-page__header">
        <h1>{t('langs.title')}</h1>
      </div>
      <p className="console-note">{isOperator ? t('langs.introOperator') : t('langs.introStaff')}</p>

      {isOperator && languages.data && (
        <LanguageForm
          key={`${renaming?.id ?? 'new'} ${codes.join()}`}
          editing={renaming}
          missing={LANGS.filter((code) => !codes.includes(code))}
          onDone={() => setRenaming(null)}
        />
      )}

      {languages.isPending ? (
        <PageSkeleton />
      ) : languages.isError ? (
        <LoadError message={t('langs.loadError')} onRetry={() => void languages.refetch()} />
      ) : (
        <section className="console-section" aria-labelledby={listTitleId}>
          <h2 id={listTitleId}>{t('langs.listTitle')}</h2>
          {isOperator && (
            <div className="console-toolbar">
              <SelectionDelete
                count={selection.selected.length}
                what={(count) => t('langs.what', { count })}
                onDelete={() => remove.mutateAsync(selection.selected)}
                onDeleted={selection.clear}
              />
            </div>
          )}
          <TableRegion labelledBy={listTitleId}>
            <table className="console-table stack-table">
              <thead>
                <tr>
                  {isOperator && (
                    <th scope="col">
                      <Check selectsAll label={t('selection.all')} checked={selection.all} onChange={selection.setAll} />
                    </th>
                  )}
                  <th scope="col">{t('langs.name')}</th>
                  <th scope="col">{t('langs.code')}</th>
                  <th scope="col">{t('langs.campaigns')}</th>
                  {isOperator && <th scope="col">{t('common.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {languages.data.map((language) => (
                  <tr key={language.id}>
                    {isOperator && (
                      <td>
                        <Check
                          label={t('selection.one', { name: language.name })}
                          checked={selection.isSelected(language.id)}
                          onChange={(on) => selection.toggle(language.id, on)}
                        />
                      </td>
                    )}
                    <th scope="row">{language.name}</th>
                    <td data-label={t('langs.code')}>
                      {language.id} <span className="console-table__meta">{labels.lang(language.lang)}</span>
                    </td>
                    <td data-label={t('langs.campaigns')}>{language.campaigns}</td>
                    {isOperator && (
                      <td>
                        <Button
                          variant="secondary"
                          onClick={() => setRenaming(language)}
                          aria-label={t('langs.renameNamed', { name: language.name })}
                        >
                          {t('langs.rename')}
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </section>
      )}
    </div>
  );
}

/** The operator's form: a language the platform lacks, or a new name for one it has. */
function LanguageForm({ editing, missing, onDone }: { editing: StaffLanguage | null; missing: LangCode[]; onDone: () => void }) {
  const { t } = useTranslation('console');
  const labels = useCodeLabels();
  const titleId = useId();
  const save = useSaveLanguage();
  const [lang, setLang] = useState<LangCode | ''>(editing?.lang ?? missing[0] ?? '');
  const [name, setName] = useState(editing?.name ?? '');
  const [error, setError] = useState<string>();
  if (!editing && missing.length === 0) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = languageCreateSchema.safeParse({ lang, name });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync({ body: checked.data, existing: editing !== null });
      notify({ type: 'success', title: t('langs.saved', { name: checked.data.name }) });
      onDone();
      setName('');
    } catch (failure) {
      setError(errorCode(failure) === 'CONFLICT' ? t('langs.exists') : t('common.saveFailed'));
    }
  }

  return (
    <section className="console-section card" aria-labelledby={titleId}>
      <h2 id={titleId}>{editing ? t('langs.renameTitle', { name: editing.name }) : t('langs.addTitle')}</h2>
      <form className="console-form" onSubmit={(event) => void submit(event)} noValidate>
        {!editing && (
          <SelectField
            label={t('langs.code')}
            value={lang}
            onChange={(event) => setLang(event.target.value as LangCode)}
            options={missing.map((code) => ({ value: code, label: `${code}: ${labels.lang(code)}` }))}
          />
        )}
        <TextField label={t('langs.name')} value={name} onChange={(event) => setName(event.target.value)} error={error} maxLength={100} />
        <div className="console-form__actions">
          {editing && (
            <Button variant="secondary" onClick={onDone}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" isLoading={save.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </section>
  );
}
