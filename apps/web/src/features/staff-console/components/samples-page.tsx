import type { SampleQuery } from '@prova/contract/staff-samples';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { notify } from '@/components/ui/notifications/notifications-store';
import { PageSkeleton } from '@/components/ui/spinner';
import { useCreateSample } from '../api/create-sample';
import { useDeleteSamples } from '../api/delete-samples';
import { usePeople } from '../api/get-people';
import { useSamples } from '../api/get-samples';
import { useStaffCampaign } from '../api/get-staff-campaign';
import { useStaffCampaigns } from '../api/get-staff-campaigns';
import { errorCode } from '../api/server-errors';
import { useSelection } from '../hooks/use-selection';
import { SelectField } from './form-fields';
import { fullName } from './labels';
import { Check, SelectionDelete } from './selection-delete';
import { TableRegion } from './table-region';

/** Who assesses whom, by campaign and test: listed, assigned and deleted by selection. */
export function SamplesPage() {
  const { t } = useTranslation('console');
  const listTitleId = useId();
  const campaigns = useStaffCampaigns();
  const [campaignId, setCampaignId] = useState('');
  const [testId, setTestId] = useState('');
  const query: SampleQuery = { campaignId: campaignId ? Number(campaignId) : undefined, testId: testId ? Number(testId) : undefined };
  const samples = useSamples(query);
  const remove = useDeleteSamples();
  const ids = useMemo(() => (samples.data ?? []).map((s) => s.id), [samples.data]);
  const selection = useSelection(ids);
  const campaignName = (id: number) => campaigns.data?.find((c) => c.id === id)?.name ?? `#${id}`;

  return (
    <div className="console-page">
      <div className="console-page__header">
        <h1>{t('samples.title')}</h1>
      </div>
      <p className="console-note">{t('samples.intro')}</p>

      <div role="search" className="console-filters" aria-label={t('samples.filtersLabel')}>
        <SelectField
          label={t('samples.campaign')}
          value={campaignId}
          onChange={(event) => {
            setCampaignId(event.target.value);
            setTestId('');
          }}
          options={[
            { value: '', label: t('samples.allCampaigns') },
            ...(campaigns.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
          ]}
        />
        {campaignId && <TestFilter campaignId={Number(campaignId)} value={testId} onChange={setTestId} />}
      </div>

      {campaignId ? (
        <SampleForm campaignId={Number(campaignId)} testId={testId} />
      ) : (
        <p className="console-note">{t('samples.chooseCampaign')}</p>
      )}

      {samples.isPending ? (
        <PageSkeleton />
      ) : samples.isError ? (
        <LoadError message={t('samples.loadError')} onRetry={() => void samples.refetch()} />
      ) : (
        <section className="console-section" aria-labelledby={listTitleId}>
          <h2 id={listTitleId}>{t('samples.listTitle')}</h2>
          <p className="console-count" aria-live="polite">
            {t('samples.count', { count: samples.data.length })}
          </p>
          <div className="console-toolbar">
            <SelectionDelete
              count={selection.selected.length}
              what={(count) => t('samples.what', { count })}
              onDelete={() => remove.mutateAsync(selection.selected)}
              onDeleted={selection.clear}
            />
          </div>
          {samples.data.length > 0 && (
            <TableRegion labelledBy={listTitleId}>
              <table className="console-table stack-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <Check selectsAll label={t('selection.all')} checked={selection.all} onChange={selection.setAll} />
                    </th>
                    <th scope="col">{t('samples.assessor')}</th>
                    <th scope="col">{t('samples.assessed')}</th>
                    <th scope="col">{t('samples.test')}</th>
                    <th scope="col">{t('samples.campaign')}</th>
                    <th scope="col">{t('samples.rated')}</th>
                  </tr>
                </thead>
                <tbody>
                  {samples.data.map((sample) => {
                    const name = t('samples.pair', { assessor: fullName(sample.assessor), assessed: fullName(sample.assessed) });
                    return (
                      <tr key={sample.id}>
                        <td>
                          <Check
                            label={t('selection.one', { name })}
                            checked={selection.isSelected(sample.id)}
                            onChange={(on) => selection.toggle(sample.id, on)}
                          />
                        </td>
                        <th scope="row">{fullName(sample.assessor)}</th>
                        <td data-label={t('samples.assessed')}>{fullName(sample.assessed)}</td>
                        <td data-label={t('samples.test')}>{sample.testName}</td>
                        <td data-label={t('samples.campaign')}>{campaignName(sample.campaignId)}</td>
                        <td data-label={t('samples.rated')}>{sample.rated ? t('samples.ratedYes') : t('samples.ratedNo')}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableRegion>
          )}
        </section>
      )}
    </div>
  );
}

function TestFilter({ campaignId, value, onChange }: { campaignId: number; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('console');
  const campaign = useStaffCampaign(campaignId);
  return (
    <SelectField
      label={t('samples.test')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={[
        { value: '', label: t('samples.allTests') },
        ...(campaign.data?.tests ?? []).map((test) => ({ value: String(test.id), label: test.name })),
      ]}
    />
  );
}

/** An assessor assigned to a participant in a test of the chosen campaign. */
function SampleForm({ campaignId, testId }: { campaignId: number; testId: string }) {
  const { t } = useTranslation('console');
  const titleId = useId();
  const campaign = useStaffCampaign(campaignId);
  const people = usePeople({ campaignId, pageSize: 200, active: 'yes' });
  const create = useCreateSample();
  const [test, setTest] = useState('');
  const [assessor, setAssessor] = useState('');
  const [assessed, setAssessed] = useState('');
  const [error, setError] = useState<string>();
  const chosenTest = test || testId;
  const everyone = people.data?.people ?? [];
  const assessors = everyone.filter((person) => person.role !== 'user');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    if (!chosenTest || !assessor || !assessed) {
      setError(t('samples.form.incomplete'));
      return;
    }
    try {
      await create.mutateAsync({ campaignId, testId: Number(chosenTest), assessorId: Number(assessor), assessedId: Number(assessed) });
      notify({ type: 'success', title: t('samples.form.created') });
      setAssessed('');
    } catch (failure) {
      setError(
        errorCode(failure) === 'CONFLICT'
          ? t('samples.form.exists')
          : errorCode(failure) === 'VALIDATION'
            ? t('samples.form.invalid')
            : t('common.saveFailed'),
      );
    }
  }

  return (
    <section className="console-section card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('samples.form.title')}</h2>
      <form className="console-form" onSubmit={(event) => void submit(event)} noValidate>
        <SelectField
          label={t('samples.test')}
          value={chosenTest}
          onChange={(event) => setTest(event.target.value)}
          options={[
            { value: '', label: t('samples.form.choose') },
            ...(campaign.data?.tests ?? []).map((x) => ({ value: String(x.id), label: x.name })),
          ]}
        />
        <SelectField
          label={t('samples.assessor')}
          value={assessor}
          onChange={(event) => setAssessor(event.target.value)}
          options={[{ value: '', label: t('samples.form.choose') }, ...assessors.map((p) => ({ value: String(p.id), label: fullName(p) }))]}
        />
        <SelectField
          label={t('samples.assessed')}
          value={assessed}
          onChange={(event) => setAssessed(event.target.value)}
          options={[
            { value: '', label: t('samples.form.choose') },
            ...everyone.filter((p) => String(p.id) !== assessor).map((p) => ({ value: String(p.id), label: fullName(p) })),
          ]}
        />
        <div className="console-form__actions">
          <Button type="submit" isLoading={create.isPending}>
            {t('samples.form.submit')}
          </Button>
        </div>
      </form>
      {error && (
        <p className="callout callout--error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
