import type { StaffCampaign } from '@prova/contract/staff-campaigns';
import { retentionMonthsFromText } from '@prova/contract/staff-erasure';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notifications/notifications-store';
import { useSetCampaignRetention } from '../api/retention';
import { TextField } from './form-fields';

/** The campaign's own retention period, over the company's (docs/privacy-erasure.md). */
export function CampaignRetention({ campaign }: { campaign: StaffCampaign }) {
  const { t } = useTranslation('console');
  const titleId = useId();
  const save = useSetCampaignRetention(campaign.id);
  const [months, setMonths] = useState(campaign.retentionMonths === null ? '' : String(campaign.retentionMonths));
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const retentionMonths = retentionMonthsFromText(months);
    if (retentionMonths === undefined) {
      setError(t('company.retentionInvalid'));
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync({ retentionMonths });
      notify({ type: 'success', title: t('company.privacySaved') });
    } catch {
      setError(t('common.saveFailed'));
    }
  }

  return (
    <section className="console-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('campaign.retentionTitle')}</h2>
      <form className="form console-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('campaign.retentionMonths')}
          hint={t('campaign.retentionHint')}
          inputMode="numeric"
          value={months}
          onChange={(event) => setMonths(event.target.value)}
          error={error}
        />
        <div className="console-form__actions">
          <Button type="submit" isLoading={save.isPending}>
            {t('campaign.retentionSave')}
          </Button>
        </div>
      </form>
    </section>
  );
}
