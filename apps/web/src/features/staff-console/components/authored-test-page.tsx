import { AUTHORED_LIMITS } from '@prova/contract/authored-test';
import type { LangCode } from '@prova/contract/limits';
import type { StaffCampaign } from '@prova/contract/staff-campaigns';
import type { StaffLanguage } from '@prova/contract/staff-languages';
import type { AuthoredTestResponse } from '@prova/contract/staff-authoring';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageSkeleton } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiClientError } from '@/lib/api-client';
import { uiLangFor } from '@/lib/i18n';
import { downloadAuthoredPackage } from '../api/download-authored-package';
import { useAuthoredTest } from '../api/get-authored-test';
import { useLanguages } from '../api/get-languages';
import { useStaffCampaigns } from '../api/get-staff-campaigns';
import { usePreviewAuthoredTest } from '../api/preview-authored-test';
import { useSaveAuthoredTest } from '../api/save-authored-test';
import { errorCode } from '../api/server-errors';
import { checkForm, emptyForm, formOf, issuesOf, type AuthoredFormValues, type FieldIssues } from '../utils/authored-form';
import { AuthoredPreviewDialog, type AuthoredPreview } from './authored-preview-dialog';
import { EditorContext, Group, LocalizedFields, SectionsEditor, type EditorContextValue } from './authored-test-fields';
import { DateTime } from './date-time';
import { TextField } from './form-fields';
import { useCodeLabels } from './labels';

export interface AuthoredTestPageProps {
  /** The test to edit; none for a new one. */
  testId?: number;
  /** The page comes right after the test was created (its save said so already). */
  justCreated?: boolean;
}

/** The interface's language first, the one a new test starts in (and so delivers first), then the others as listed. */
const interfaceFirst = (languages: StaffLanguage[], uiLang: string) =>
  [...languages].sort((a, b) => Number(uiLangFor(b.lang) === uiLang) - Number(uiLangFor(a.lang) === uiLang));

/** /console/tests/new and /console/tests/:testId: the form of a test written in the console. */
export function AuthoredTestPage({ testId, justCreated = false }: AuthoredTestPageProps) {
  const { t, i18n } = useTranslation('console');
  const languages = useLanguages();
  const offered = useMemo(() => interfaceFirst(languages.data ?? [], i18n.language), [languages.data, i18n.language]);
  const campaigns = useStaffCampaigns();
  const test = useAuthoredTest(testId);
  const loading = languages.isPending || campaigns.isPending || (testId !== undefined && test.isPending);
  const failed = languages.isError || campaigns.isError || (testId !== undefined && !test.data && test.isError);

  return (
    <div className="console-page authored-page">
      <p className="console-back">
        <Link to={paths.console.tests.getHref()}>{t('authored.page.back')}</Link>
      </p>
      <h1>{testId === undefined ? t('authored.page.newTitle') : t('authored.page.editTitle')}</h1>
      {loading ? (
        <PageSkeleton />
      ) : failed ? (
        errorCode(test.error) === 'NOT_FOUND' ? (
          <p className="console-empty">{t('authored.page.notFound')}</p>
        ) : (
          <LoadError
            message={t('authored.page.loadError')}
            onRetry={() => {
              void languages.refetch();
              void campaigns.refetch();
              if (testId !== undefined) void test.refetch();
            }}
          />
        )
      ) : (
        <AuthoredTestForm saved={test.data} languages={offered} campaigns={campaigns.data ?? []} justCreated={justCreated} />
      )}
    </div>
  );
}

interface FormProps {
  saved: AuthoredTestResponse | undefined;
  languages: StaffLanguage[];
  campaigns: StaffCampaign[];
  justCreated: boolean;
}

function AuthoredTestForm({ saved, languages, campaigns, justCreated }: FormProps) {
  const { t } = useTranslation('console');
  const labels = useCodeLabels();
  const navigate = useNavigate();
  const save = useSaveAuthoredTest();
  const previewRequest = usePreviewAuthoredTest();
  const form = useForm<AuthoredFormValues>({
    defaultValues: saved ? formOf(saved.test) : emptyForm(languages.slice(0, 1).map((language) => language.lang)),
  });
  const rootRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [issues, setIssues] = useState<FieldIssues>({});
  const [unplaced, setUnplaced] = useState<[string, string][]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(justCreated ? t('authored.saved') : null);
  const [preview, setPreview] = useState<AuthoredPreview | null>(null);
  const [exporting, setExporting] = useState(false);
  /** Set once the first save created the test: the next save is a new version of it. */
  const [createdId, setCreatedId] = useState<number | undefined>(undefined);
  const summary = saved?.summary;
  const testId = summary?.id ?? createdId;
  const readOnly = summary?.started ?? false;
  const testLanguages = useWatch({ control: form.control, name: 'languages' });

  // Focus moved after a change of the structure (add, remove, move), once the page shows it.
  const [focusTarget, setFocusTarget] = useState<{ selector: string } | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    rootRef.current?.querySelector<HTMLElement>(focusTarget.selector)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  // Issues shown: the first field with one gets the focus; those no field shows are listed in the alert.
  const [issuesShown, setIssuesShown] = useState(0);
  const lastShown = useRef(0);
  useLayoutEffect(() => {
    // Only when a check has just shown them, not as the issues are cleared.
    if (issuesShown === lastShown.current) return;
    lastShown.current = issuesShown;
    const root = rootRef.current;
    if (!root) return;
    const placed = new Set([...root.querySelectorAll<HTMLElement>('[data-issue]')].map((element) => element.dataset.issue));
    setUnplaced(Object.entries(issues).filter(([path]) => !placed.has(path)));
    const first = root.querySelector<HTMLElement>('[aria-invalid="true"], .authored-group-error');
    (first ?? alertRef.current)?.focus();
  }, [issuesShown, issues]);

  const showIssues = useCallback(
    (found: FieldIssues) => {
      const count = Object.keys(found).length;
      setIssues(found);
      setAlert(t('authored.invalid', { count }));
      setIssuesShown((n) => n + 1);
    },
    [t],
  );

  const editor = useMemo<EditorContextValue>(
    () => ({
      issues,
      languages: testLanguages,
      structureChanged: () => {
        setIssues({});
        setUnplaced([]);
        setAlert(null);
      },
      focusSoon: (selector) => setFocusTarget({ selector }),
    }),
    [issues, testLanguages],
  );

  /** The form checked with the contract's schema, or its issues shown. */
  const checked = () => {
    setAlert(null);
    setStatus(null);
    setUnplaced([]);
    const result = checkForm(form.getValues());
    if ('issues' in result) {
      showIssues(result.issues);
      return null;
    }
    setIssues({});
    return result.test;
  };

  const failed = (error: unknown, otherwise: string) => {
    if (isApiClientError(error) && error.code === 'VALIDATION' && error.fieldErrors.length > 0) {
      showIssues(issuesOf(error.fieldErrors));
    } else {
      setAlert(errorCode(error) === 'CONFLICT' ? t('authored.conflict') : otherwise);
      alertRef.current?.focus();
    }
  };

  const onSave = async () => {
    const test = checked();
    if (!test) return;
    const campaignIds = form.getValues('campaignIds');
    try {
      const answer = await save.mutateAsync({ testId, body: { test, campaignIds } });
      // Said only now: the server has it.
      setStatus(t('authored.saved'));
      form.setValue('campaignIds', []);
      if (testId === undefined) {
        setCreatedId(answer.summary.id);
        void navigate(paths.console.test.getHref(answer.summary.id), { replace: true, state: { created: true } });
      }
    } catch (error) {
      failed(error, t('common.saveFailed'));
    }
  };

  const onPreview = async () => {
    const test = checked();
    if (!test) return;
    try {
      const answer = await previewRequest.mutateAsync(test);
      setPreview({
        url: answer.url,
        title: form.getValues('title')[test.languages[0] as LangCode] ?? '',
        lang: test.languages[0] as LangCode,
        timeLimitMinutes: typeof test.timeLimitMinutes === 'number' ? test.timeLimitMinutes : undefined,
        testId,
      });
    } catch (error) {
      failed(error, t('authored.previewFailed'));
    }
  };

  const onExport = async () => {
    if (testId === undefined) return;
    setAlert(null);
    setExporting(true);
    const done = await downloadAuthoredPackage(testId, `${summary?.abbreviation ?? `test-${testId}`}.zip`);
    setExporting(false);
    if (!done) {
      setAlert(t('authored.exportFailed'));
      alertRef.current?.focus();
    }
  };

  const included = new Set(summary?.campaignIds ?? []);
  const offered = campaigns.filter((campaign) => included.has(campaign.id) || campaign.phase !== 'ended');
  const busy = save.isPending || previewRequest.isPending;

  return (
    <FormProvider {...form}>
      <EditorContext.Provider value={editor}>
        <form
          ref={rootRef}
          className="form authored-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!readOnly) void onSave();
          }}
        >
          {summary && (
            <p className="console-note">
              {t('authored.page.updated')} <DateTime value={summary.updatedAt} />
            </p>
          )}
          {readOnly && <p className="callout callout--warning">{t('authored.started')}</p>}
          <div ref={alertRef} role="alert" tabIndex={-1} className="authored-alert">
            {alert && (
              <div className="callout callout--error">
                <p>{alert}</p>
                {unplaced.length > 0 && (
                  <ul>
                    {unplaced.map(([path, message]) => (
                      <li key={path}>
                        {path}: {message}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
          </div>
          <div role="status" className="authored-status">
            {status && <p className="callout callout--success">{status}</p>}
          </div>

          {/* Disabled as a whole once someone has started the test; the preview and the export stay. */}
          <fieldset className="authored-fields" disabled={readOnly}>
            <Group legend={t('authored.test.legend')} className="authored-test">
              <Controller
                control={form.control}
                name="languages"
                render={({ field }) => (
                  <Group legend={t('authored.test.languages')} path="languages">
                    <p className="console-note">{t('authored.test.languagesHint')}</p>
                    <div className="choice-group">
                      {languages.map((language) => (
                        <label key={language.lang} className="choice">
                          <input
                            type="checkbox"
                            name={field.name}
                            checked={field.value.includes(language.lang)}
                            onChange={(event) => {
                              const chosen = new Set(field.value);
                              if (event.target.checked) chosen.add(language.lang);
                              else chosen.delete(language.lang);
                              // In the order the list has them (the first is delivered first).
                              field.onChange(languages.map((l) => l.lang).filter((lang) => chosen.has(lang)));
                            }}
                          />{' '}
                          {labels.lang(language.lang)}
                        </label>
                      ))}
                    </div>
                  </Group>
                )}
              />
              <LocalizedFields name="title" label={(lang) => t('authored.test.title', { lang })} />
              <Group legend={t('authored.test.navigation')} path="navigation">
                <div className="choice-group">
                  <label className="choice">
                    <input type="radio" value="nonlinear" {...form.register('navigation')} /> {t('authored.test.nonlinear')}
                  </label>
                  <label className="choice">
                    <input type="radio" value="linear" {...form.register('navigation')} /> {t('authored.test.linear')}
                  </label>
                </div>
              </Group>
              <TextField
                type="number"
                inputMode="numeric"
                min={1}
                max={AUTHORED_LIMITS.timeLimitMinutes}
                step={1}
                label={t('authored.test.timeLimit')}
                hint={t('authored.test.timeLimitHint')}
                className="authored-number"
                error={issues.timeLimitMinutes}
                data-issue={issues.timeLimitMinutes ? 'timeLimitMinutes' : undefined}
                {...form.register('timeLimitMinutes')}
              />
            </Group>

            <SectionsEditor />

            <Controller
              control={form.control}
              name="campaignIds"
              render={({ field }) => (
                <Group legend={t('authored.campaigns.legend')} path="campaignIds">
                  <p className="console-note">{t('authored.campaigns.hint')}</p>
                  {offered.length === 0 ? (
                    <p>{t('authored.campaigns.none')}</p>
                  ) : (
                    <div className="choice-group">
                      {offered.map((campaign) => (
                        <label key={campaign.id} className="choice">
                          <input
                            type="checkbox"
                            name={field.name}
                            checked={included.has(campaign.id) || field.value.includes(campaign.id)}
                            disabled={included.has(campaign.id)}
                            onChange={(event) =>
                              field.onChange(
                                event.target.checked ? [...field.value, campaign.id] : field.value.filter((id) => id !== campaign.id),
                              )
                            }
                          />{' '}
                          {included.has(campaign.id) ? t('authored.campaigns.already', { name: campaign.name }) : campaign.name}
                        </label>
                      ))}
                    </div>
                  )}
                </Group>
              )}
            />
          </fieldset>

          <div className="console-form__actions authored-actions">
            {!readOnly && (
              <Button type="submit" isLoading={save.isPending} disabled={busy && !save.isPending}>
                {t('authored.actions.save')}
              </Button>
            )}
            <Button
              variant="secondary"
              isLoading={previewRequest.isPending}
              disabled={busy && !previewRequest.isPending}
              onClick={() => void onPreview()}
            >
              {t('authored.actions.preview')}
            </Button>
            {testId !== undefined && (
              <Button variant="secondary" isLoading={exporting} onClick={() => void onExport()}>
                {t('authored.actions.export')}
              </Button>
            )}
          </div>
          {testId !== undefined && <p className="console-note">{t('authored.actions.exportHint')}</p>}
        </form>
        <AuthoredPreviewDialog preview={preview} onClose={() => setPreview(null)} />
      </EditorContext.Provider>
    </FormProvider>
  );
}
