import type { StaffCampaign } from '@prova/contract/staff-campaigns';
import type { InvitationResponse } from '@prova/contract/staff-participants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useInviteParticipants } from '../api/invite-participants';
import { ConfirmDialog } from './confirm-dialog';
import { formatDateTime } from './date-time';
import '@/lib/italian-articles';

export interface InviteSectionProps {
  campaign: StaffCampaign;
  /** Participants ticked in the progress table. */
  selectedIds: number[];
  onClearSelection: () => void;
}

type Target = 'pending' | 'selected';

/**
 * Invitations: to everyone not invited yet, or to the people ticked (again, if they were). Who was
 * invited when shows in the progress table; the outcome of the last sending is said here.
 */
export function InviteSection({ campaign, selectedIds, onClearSelection }: InviteSectionProps) {
  const { t } = useTranslation('console');
  const titleId = useId();
  const invite = useInviteParticipants(campaign.id);
  const [asking, setAsking] = useState<Target | null>(null);
  const [result, setResult] = useState<InvitationResponse | null>(null);
  const pending = Math.max(0, campaign.counts.participants - campaign.counts.invited);

  async function send(target: Target) {
    try {
      const answer = await invite.mutateAsync(target === 'selected' ? { userIds: selectedIds } : {});
      setResult(answer);
      setAsking(null);
      if (target === 'selected') onClearSelection();
    } catch {
      // ConfirmDialog shows the failure; nothing was sent.
    }
  }

  const lastAt = result?.invited
    .map((i) => i.invitedAt)
    .sort()
    .at(-1);
  return (
    <section className="console-section console-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('invite.title')}</h2>
      <p>{t('invite.summary', { invited: campaign.counts.invited, count: campaign.counts.participants })}</p>
      <div className="console-actions">
        <Button
          onClick={() => {
            invite.reset();
            setAsking('pending');
          }}
          disabled={pending === 0}
          aria-describedby={pending === 0 ? `${titleId}-none` : undefined}
        >
          {t('invite.pending', { count: pending })}
        </Button>
        {selectedIds.length > 0 && (
          <Button
            variant="secondary"
            onClick={() => {
              invite.reset();
              setAsking('selected');
            }}
          >
            {t('invite.selected', { count: selectedIds.length })}
          </Button>
        )}
      </div>
      {pending === 0 && (
        <p id={`${titleId}-none`} className="console-note">
          {t('invite.allInvited')}
        </p>
      )}
      <div role="status" className="console-result">
        {result && (
          <>
            <p>
              {result.invited.length > 0
                ? t('invite.sent', { count: result.invited.length, time: formatDateTime(lastAt) })
                : t('invite.noneSent')}
            </p>
            {result.skipped.length > 0 && <p>{t('invite.skipped', { count: result.skipped.length })}</p>}
          </>
        )}
      </div>

      <ConfirmDialog
        open={asking !== null}
        title={
          asking === 'selected'
            ? t('invite.confirmSelectedTitle', { count: selectedIds.length })
            : t('invite.confirmPendingTitle', { count: pending })
        }
        confirmLabel={t('invite.confirm')}
        onConfirm={() => asking && void send(asking)}
        onCancel={() => setAsking(null)}
        isPending={invite.isPending}
        error={invite.isError ? t('invite.failed') : undefined}
      >
        <p>{t('invite.explain')}</p>
        {asking === 'selected' && <p>{t('invite.again')}</p>}
      </ConfirmDialog>
    </section>
  );
}
