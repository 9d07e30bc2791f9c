import { MAX_REOPEN_HOURS, type StaffCampaign } from '@prova/contract/staff-campaigns';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/notifications/notifications-store';
import { useReopenAssessments } from '../api/reopen-assessments';
import { errorCode } from '../api/server-errors';
import { formatDateTime } from './date-time';
import { TextAreaField, TextField } from './form-fields';
import '@/lib/italian-articles';

/**
 * Whether the campaign's assessors may still change their ratings and notes, and (once it is closed or its reports
 * published) the admin's control to reopen them for some hours, with a reason the audit trail keeps.
 */
export function CampaignAssessments({ campaign }: { campaign: StaffCampaign }) {
  const { t } = useTranslation('console');
  const titleId = useId();
  const reopen = useReopenAssessments(campaign.id);
  const [hours, setHours] = useState('24');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(hours.trim());
    if (!Number.isInteger(value) || value < 1 || value > MAX_REOPEN_HOURS) {
      setError(t('campaign.reopenHoursInvalid', { max: MAX_REOPEN_HOURS }));
      return;
    }
    setError(undefined);
    setFailure(undefined);
    try {
      await reopen.mutateAsync({ hours: value, ...(reason.trim() ? { reason: reason.trim() } : {}) });
      notify({ type: 'success', title: t('campaign.reopenDone') });
    } catch (failed) {
      setFailure(errorCode(failed) === 'FORBIDDEN' ? t('campaign.reopenForbidden') : t('campaign.reopenFailed'));
    }
  }

  const reopened = !campaign.ratingsLocked && campaign.phase === 'ended' && campaign.assessmentsOpenUntil !== null;
  const state = reopened
    ? t('campaign.assessmentsReopened', { until: formatDateTime(campaign.assessmentsOpenUntil) })
    : !campaign.ratingsLocked
      ? t('campaign.assessmentsOpen')
      : campaign.status === 'ACTIVE'
        ? t('campaign.assessmentsLockedActive')
        : t('campaign.assessmentsLocked');
  // Reopening is for a campaign staff closed; once reopened, the same form moves the end of the while.
  const canReopen = campaign.status !== 'ACTIVE';

  return (
    <section className="console-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('campaign.assessmentsTitle')}</h2>
      <p>{state}</p>
      {canReopen && (
        <form className="form console-form" noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            label={t('campaign.reopenHours')}
            hint={t('campaign.reopenHoursHint', { max: MAX_REOPEN_HOURS })}
            inputMode="numeric"
            value={hours}
            onChange={(event) => setHours(event.target.value)}
            error={error}
          />
          <TextAreaField
            label={t('campaign.reopenReason')}
            maxLength={500}
            rows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="console-form__actions">
            <Button type="submit" isLoading={reopen.isPending}>
              {t('campaign.reopen')}
            </Button>
          </div>
          {failure && (
            <p className="console-field__error" role="alert">
              {failure}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
