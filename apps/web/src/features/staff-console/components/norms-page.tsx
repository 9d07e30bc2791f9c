import { LANGS, type LangCode } from '@prova/contract/limits';
import { createNormRequestSchema, NORM_NAME_MAX, type StaffNorm } from '@prova/contract/norms';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notifications/notifications-store';
import { PageSkeleton } from '@/components/ui/spinner';
import { isApiClientError } from '@/lib/api-client';
import { useCampaignTests, useCreateNorm, useNorms, usePreviewNorm, useSetCampaignNorms } from '../api/norms';
import { useStaffCampaigns } from '../api/get-staff-campaigns';
import { SelectField, TextField } from './form-fields';
import { useCodeLabels } from './labels';

/**
 * Norm groups: build one from the completed results of the company's campaigns for a test outcome (n, mean and sd
 * shown before it is saved), then choose it for a campaign, whose reports then read against it.
 */
export function NormsPage() {
  const { t } = useTranslation('console');
  const norms = useNorms();
  const campaigns = useStaffCampaigns();
  return (
    <div className="console-page">
      <h1>{t('norms.title')}</h1>
      <p className="console-note">{t('norms.intro')}</p>
      {campaigns.isPending ? (
        <PageSkeleton />
      ) : campaigns.isError ? (
        <LoadError message={t('norms.loadError')} onRetry={() => void campaigns.refetch()} />
      ) : (
        <BuildNormForm campaigns={campaigns.data} />
      )}
      <section className="console-section" aria-labelledby="norms-list-title">
        <h2 id="norms-list-title">{t('norms.listTitle')}</h2>
        {norms.isPending ? (
          <PageSkeleton />
        ) : norms.isError ? (
          <LoadError message={t('norms.loadError')} onRetry={() => void norms.refetch()} />
        ) : norms.data.length === 0 ? (
          <p>{t('norms.none')}</p>
        ) : (
          <ul className="console-norms">
            {norms.data.map((norm) => (
              <NormItem key={norm.id} norm={norm} all={norms.data} campaigns={campaigns.data ?? []} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

type Campaigns = { id: number; name: string }[];

const format = (value: number | null, locale: string) =>
  value === null ? '–' : new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);

const NO_NAME: Record<LangCode, string> = { IT_it: '', EN_en: '', ES_es: '' };

function BuildNormForm({ campaigns }: { campaigns: Campaigns }) {
  const { t, i18n } = useTranslation('console');
  const labels = useCodeLabels();
  const [name, setName] = useState<Record<LangCode, string>>(NO_NAME);
  const [chosen, setChosen] = useState<number[]>([]);
  const [test, setTest] = useState('');
  const [outcome, setOutcome] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const preview = usePreviewNorm();
  const create = useCreateNorm();
  const campaignsId = useId();
  const namesHintId = useId();
  // The tests offered are the first chosen campaign's.
  const first = useCampaignTests(chosen[0]);
  const tests = chosen.length ? (first.data ?? []) : [];

  const request = () => {
    const parsed = createNormRequestSchema.safeParse({
      name: { ...name },
      test: test ? Number(test) : undefined,
      outcome,
      campaigns: chosen,
    });
    if (parsed.success) return parsed.data;
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    return null;
  };
  const failed = (error: unknown) => {
    if (isApiClientError(error) && error.code === 'VALIDATION') {
      const found: Record<string, string> = {};
      for (const issue of error.fieldErrors) found[issue.path.replace(/^body\.?/, '').split('.')[0]] ??= issue.message;
      setErrors(found);
    } else setErrors({ form: t('common.saveFailed') });
  };
  const onPreview = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body = request();
    if (!body) return;
    try {
      await preview.mutateAsync(body);
    } catch (error) {
      failed(error);
    }
  };
  const onSave = async () => {
    const body = request();
    if (!body) return;
    try {
      await create.mutateAsync(body);
      notify({ type: 'success', title: t('norms.saved') });
      preview.reset();
      setName(NO_NAME);
    } catch (error) {
      failed(error);
    }
  };
  const toggle = (id: number) => {
    preview.reset();
    setChosen((ids) => (ids.includes(id) ? ids.filter((c) => c !== id) : [...ids, id]));
  };

  return (
    <section className="console-section" aria-labelledby="norms-build-title">
      <h2 id="norms-build-title">{t('norms.buildTitle')}</h2>
      <form className="form console-form" noValidate onSubmit={(event) => void onPreview(event)}>
        <fieldset className="console-field" aria-describedby={namesHintId}>
          <legend>{t('norms.name')}</legend>
          <p className="console-note" id={namesHintId}>
            {t('norms.nameHint')}
          </p>
          {LANGS.map((lang, k) => (
            <TextField
              key={lang}
              label={t('norms.nameIn', { lang: labels.lang(lang) })}
              lang={lang.slice(0, 2).toLowerCase()}
              maxLength={NORM_NAME_MAX}
              value={name[lang]}
              // The one error (no name at all) is said once, at the first field.
              error={k === 0 ? errors.name : undefined}
              onChange={(e) => {
                const value = e.target.value;
                setName((names) => ({ ...names, [lang]: value }));
              }}
            />
          ))}
        </fieldset>
        <fieldset className="console-field" aria-describedby={errors.campaigns ? `${campaignsId}-error` : undefined}>
          <legend>{t('norms.campaigns')}</legend>
          {campaigns.map((campaign) => (
            <label key={campaign.id} className="console-norms__campaign">
              <input
                type="checkbox"
                className="console-check"
                checked={chosen.includes(campaign.id)}
                onChange={() => toggle(campaign.id)}
              />{' '}
              {campaign.name}
            </label>
          ))}
          {errors.campaigns && (
            <p className="field__error" id={`${campaignsId}-error`} role="alert">
              {errors.campaigns}
            </p>
          )}
        </fieldset>
        <SelectField
          label={t('norms.test')}
          value={test}
          error={errors.test}
          onChange={(e) => {
            preview.reset();
            setTest(e.target.value);
          }}
          options={[
            { value: '', label: t('norms.chooseTest') },
            ...tests.map((x) => ({ value: String(x.id), label: `${x.name} (${x.abbreviation})` })),
          ]}
        />
        <TextField
          label={t('norms.outcome')}
          hint={t('norms.outcomeHint')}
          value={outcome}
          error={errors.outcome}
          onChange={(e) => {
            preview.reset();
            setOutcome(e.target.value);
          }}
        />
        {errors.form && (
          <p className="field__error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="console-form__actions">
          <Button type="submit" variant="secondary" isLoading={preview.isPending}>
            {t('norms.preview')}
          </Button>
        </div>
      </form>
      {preview.data && (
        <div role="status">
          <dl className="console-facts">
            <div>
              <dt>{t('norms.n')}</dt>
              <dd>{preview.data.n}</dd>
            </div>
            <div>
              <dt>{t('norms.mean')}</dt>
              <dd>{format(preview.data.mean, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('norms.sd')}</dt>
              <dd>{format(preview.data.sd, i18n.language)}</dd>
            </div>
          </dl>
          <Button isLoading={create.isPending} onClick={() => void onSave()}>
            {t('norms.save')}
          </Button>
        </div>
      )}
    </section>
  );
}

/** One norm: its figures, the campaigns using it, and adding it to another. */
function NormItem({ norm, all, campaigns }: { norm: StaffNorm; all: StaffNorm[]; campaigns: Campaigns }) {
  const { t, i18n } = useTranslation('console');
  const [campaign, setCampaign] = useState('');
  const attach = useSetCampaignNorms();
  const using = campaigns.filter((c) => norm.campaignIds.includes(c.id));
  const others = campaigns.filter((c) => !norm.campaignIds.includes(c.id));
  const onAttach = async () => {
    const campaignId = Number(campaign);
    if (!campaignId) return;
    const current = all.filter((n) => n.campaignIds.includes(campaignId)).map((n) => n.id);
    try {
      await attach.mutateAsync({ campaignId, norms: [...current, norm.id] });
      notify({ type: 'success', title: t('norms.attached') });
      setCampaign('');
    } catch {
      notify({ type: 'error', title: t('common.saveFailed') });
    }
  };
  return (
    <li className="console-norms__item">
      <h3>{norm.name}</h3>
      <dl className="console-facts">
        <div>
          <dt>{t('norms.test')}</dt>
          <dd>
            {norm.testName} · {norm.outcome}
          </dd>
        </div>
        <div>
          <dt>{t('norms.n')}</dt>
          <dd>{norm.n}</dd>
        </div>
        <div>
          <dt>{t('norms.mean')}</dt>
          <dd>{norm.table ? t('norms.fromTable') : format(norm.mean, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('norms.sd')}</dt>
          <dd>{norm.table ? t('norms.fromTable') : format(norm.sd, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('norms.usedBy')}</dt>
          <dd>{using.length ? using.map((c) => c.name).join(', ') : t('norms.unused')}</dd>
        </div>
      </dl>
      {others.length > 0 && (
        <div className="console-form__actions">
          <SelectField
            label={t('norms.attachTo', { name: norm.name })}
            value={campaign}
            onChange={(e) => setCampaign(e.target.value)}
            options={[{ value: '', label: t('norms.chooseCampaign') }, ...others.map((c) => ({ value: String(c.id), label: c.name }))]}
          />
          <Button variant="secondary" isLoading={attach.isPending} disabled={!campaign} onClick={() => void onAttach()}>
            {t('norms.attach')}
          </Button>
        </div>
      )}
    </li>
  );
}
