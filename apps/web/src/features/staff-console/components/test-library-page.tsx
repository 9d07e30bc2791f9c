import { LANGS, type LangCode, UI_LANG } from '@prova/contract/limits';
import type { ManagedTest } from '@prova/contract/staff-tests';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notifications/notifications-store';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDeleteTests } from '../api/delete-tests';
import { useManagedTests } from '../api/get-managed-tests';
import { useStaffCampaigns } from '../api/get-staff-campaigns';
import { useTestPreview } from '../api/get-test-preview';
import { useSelection } from '../hooks/use-selection';
import { AuthoredPreviewDialog, type AuthoredPreview } from './authored-preview-dialog';
import { Check, SelectionDelete } from './selection-delete';
import { TableRegion } from './table-region';
import { TestPackageUpload } from './test-package-upload';
import { TestTextsDialog } from './test-texts-dialog';

/** A stored text in the interface's language, else Italian, else any. */
export function useTextIn() {
  const { i18n } = useTranslation('console');
  const lang = LANGS.find((code) => UI_LANG[code] === i18n.language) ?? 'IT_it';
  return {
    lang,
    text: (texts: Record<string, string>) => texts[lang] || texts.IT_it || Object.values(texts).find(Boolean) || '',
  };
}

/**
 * Every test the company may use (its own and those shared with it): where each is used, its texts edited in every
 * language, previewed as a candidate sees it; a package uploaded as a new test; a selection deleted.
 */
export function TestLibraryPage({ companyId }: { companyId: number }) {
  const { t } = useTranslation('console');
  const listTitleId = useId();
  const tests = useManagedTests(companyId);
  const campaigns = useStaffCampaigns();
  const { lang, text } = useTextIn();
  const [editing, setEditing] = useState<ManagedTest | null>(null);
  const [preview, setPreview] = useState<AuthoredPreview | null>(null);
  const askPreview = useTestPreview();
  const remove = useDeleteTests(companyId);
  const editableIds = useMemo(() => (tests.data ?? []).filter((test) => test.editable).map((test) => test.id), [tests.data]);
  const selection = useSelection(editableIds);
  const campaignName = (id: number) => campaigns.data?.find((c) => c.id === id)?.name ?? `#${id}`;

  async function openPreview(test: ManagedTest) {
    try {
      const answer = await askPreview.mutateAsync(test.id);
      setPreview({
        url: answer.url,
        title: text(test.name),
        lang: (Object.keys(test.name).find((code) => code === lang) as LangCode | undefined) ?? 'IT_it',
        timeLimitMinutes: answer.timeLimitMinutes ?? undefined,
        testId: test.id,
      });
    } catch {
      notify({ type: 'error', title: t('library.previewFailed') });
    }
  }

  return (
    <div className="console-page">
      <div className="console-page__header">
        <h1>{t('library.title')}</h1>
        <Link to={paths.console.newTest.getHref()} className="button button--secondary">
          {t('library.write')}
        </Link>
      </div>
      <p className="console-note">{t('library.intro')}</p>

      <TestPackageUpload campaigns={campaigns.data ?? []} />

      {tests.isPending ? (
        <PageSkeleton />
      ) : tests.isError ? (
        <LoadError message={t('library.loadError')} onRetry={() => void tests.refetch()} />
      ) : (
        <section className="console-section" aria-labelledby={listTitleId}>
          <h2 id={listTitleId}>{t('library.listTitle')}</h2>
          <p className="console-count" aria-live="polite">
            {t('library.count', { count: tests.data.length })}
          </p>
          <div className="console-toolbar">
            <SelectionDelete
              count={selection.selected.length}
              what={(count) => t('library.what', { count })}
              onDelete={() => remove.mutateAsync(selection.selected)}
              onDeleted={selection.clear}
            />
          </div>
          {tests.data.length > 0 && (
            <TableRegion labelledBy={listTitleId}>
              <table className="console-table stack-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <Check
                        selectsAll
                        label={t('selection.all')}
                        checked={selection.all}
                        disabled={editableIds.length === 0}
                        onChange={selection.setAll}
                      />
                    </th>
                    <th scope="col">{t('library.name')}</th>
                    <th scope="col">{t('library.abbreviation')}</th>
                    <th scope="col">{t('library.kind')}</th>
                    <th scope="col">{t('library.usedIn')}</th>
                    <th scope="col">{t('common.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {tests.data.map((test) => {
                    const name = text(test.name) || test.abbreviation;
                    return (
                      <tr key={test.id}>
                        <td>
                          {test.editable ? (
                            <Check
                              label={t('selection.one', { name })}
                              checked={selection.isSelected(test.id)}
                              onChange={(on) => selection.toggle(test.id, on)}
                            />
                          ) : (
                            <span className="console-table__meta">{t('library.shared')}</span>
                          )}
                        </td>
                        <th scope="row">{name}</th>
                        <td data-label={t('library.abbreviation')}>{test.abbreviation}</td>
                        <td data-label={t('library.kind')}>{t(kindKey(test))}</td>
                        <td data-label={t('library.usedIn')}>
                          {test.campaignIds.length === 0 ? t('library.unused') : test.campaignIds.map(campaignName).join(', ')}
                        </td>
                        <td>
                          <div className="console-row-actions">
                            <Button
                              variant="secondary"
                              onClick={() => setEditing(test)}
                              disabled={!test.editable}
                              aria-label={t('library.editTextsNamed', { name })}
                            >
                              {t('library.editTexts')}
                            </Button>
                            <Button
                              variant="ghost"
                              onClick={() => void openPreview(test)}
                              isLoading={askPreview.isPending && askPreview.variables === test.id}
                              aria-label={t('library.previewNamed', { name })}
                            >
                              {t('library.preview')}
                            </Button>
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableRegion>
          )}
        </section>
      )}

      <TestTextsDialog test={editing} onClose={() => setEditing(null)} />
      <AuthoredPreviewDialog preview={preview} onClose={() => setPreview(null)} />
    </div>
  );
}

function kindKey(test: ManagedTest) {
  if (test.url.startsWith('/players/qti/')) return 'library.kinds.qti' as const;
  if (test.url.startsWith('/players/scorm/')) return 'library.kinds.scorm' as const;
  // A web activity uploaded as a zip: its page among the package's files (apps/server/src/content/web-activity.ts).
  if (test.url.startsWith('/packages/')) return 'library.kinds.webActivity' as const;
  return 'library.kinds.activity' as const;
}
