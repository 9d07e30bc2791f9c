import type { CampaignListItem, CampaignSummary } from '@prova/contract/campaigns';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/time-bar';

import { DATE_FORMATS, toDateTimeAttribute, useFormatDate } from '@/lib/dates';
import './campaign-picker.css';
import '@/locales/it/campaigns';
import '@/lib/italian-articles';

/** The chip of each phase: the spec's words for open and over ('In corso', 'Conclusa'). */
const PHASE_KEYS = { upcoming: 'campaigns.upcoming', open: 'campaigns.status.ACTIVE', ended: 'campaigns.status.COMPLETED' } as const;

export interface CampaignPickerProps {
  campaigns: CampaignListItem[];
  pendingCampaignId?: number;
  onEnter: (campaign: CampaignSummary) => void;
}

/** The list of campaigns (only shown with more than one). */
export function CampaignPicker({ campaigns, pendingCampaignId, onEnter }: CampaignPickerProps) {
  const { t } = useTranslation('campaigns');
  const listLabelId = useId();

  if (campaigns.length <= 1) return null;

  return (
    <section aria-labelledby={listLabelId}>
      <h2 id={listLabelId} className="visually-hidden">
        {t('campaigns.listLabel')}
      </h2>
      <ul className="campaign-list">
        {campaigns.map((campaign) => (
          <CampaignItem
            key={campaign.id}
            campaign={campaign}
            isPending={pendingCampaignId === campaign.id}
            disabled={pendingCampaignId !== undefined}
            onEnter={() => onEnter(campaign)}
          />
        ))}
      </ul>
    </section>
  );
}

function CampaignItem({
  campaign,
  isPending,
  disabled,
  onEnter,
}: {
  campaign: CampaignListItem;
  isPending: boolean;
  disabled: boolean;
  onEnter: () => void;
}) {
  const { t } = useTranslation('campaigns');
  const formatDate = useFormatDate();
  const nameId = useId();
  const buttonId = useId();
  const accessDate = campaign.user.accessDate;
  const endedByDate = campaign.phase === 'ended' && campaign.status === 'ACTIVE';

  return (
    <li className="campaign-card">
      <div className="campaign-card__text">
        <h3 id={nameId} className="campaign-card__name">
          {campaign.name}
        </h3>
        <p className="campaign-card__facts">
          <span className="chip">{t(`campaigns.kind.${kindOf(campaign)}`)}</span>
          <span className={`chip chip--${campaign.phase === 'ended' ? 'closed' : 'open'}`}>{t(PHASE_KEYS[campaign.phase])}</span>
          {campaign.reportAvailable && <span className="chip chip--report">{t('campaigns.reportAvailable')}</span>}
        </p>
        {/* A campaign staff closed before its end has no date to give: the chip says it is over. */}
        {(campaign.phase !== 'ended' || endedByDate) && (
          <p className="campaign-card__meta">
            {campaign.phase === 'upcoming'
              ? t('campaigns.opens', { date: formatDate(campaign.dateStart, DATE_FORMATS.day) })
              : t(campaign.phase === 'ended' ? 'campaigns.ended' : 'campaigns.deadline', {
                  date: formatDate(campaign.dateEnd, DATE_FORMATS.day),
                })}
          </p>
        )}
        {campaign.progress && (
          <div className="campaign-card__progress">
            <p className="campaign-card__meta">{t('campaigns.progress', campaign.progress)}</p>
            <ProgressBar
              label={t('campaigns.progressLabel', { name: campaign.name })}
              percent={Math.round((100 * campaign.progress.completed) / campaign.progress.total)}
              valueText={t('campaigns.progress', campaign.progress)}
            />
          </div>
        )}
        <p className="campaign-card__meta">
          {accessDate ? (
            <>
              {t('campaigns.lastAccess')} <time dateTime={toDateTimeAttribute(accessDate)}>{formatDate(accessDate, DATE_FORMATS.day)}</time>
            </>
          ) : (
            campaign.phase !== 'ended' && <span className="badge">{t('campaigns.new')}</span>
          )}
        </p>
      </div>
      <Button
        id={buttonId}
        // Named "ENTRA <campaign>" so the buttons of the list can be told apart.
        aria-labelledby={`${buttonId} ${nameId}`}
        onClick={onEnter}
        isLoading={isPending}
        disabled={disabled && !isPending}
      >
        {t('campaigns.enter')}
      </Button>
    </li>
  );
}

/** What kind of work the campaign is, for its chip. */
function kindOf(campaign: CampaignListItem): 'tests' | 'agenda' | 'challenge' | 'feedback360' | 'assessor' {
  if (campaign.theme === 'agenda' || campaign.theme === 'challenge' || campaign.theme === 'assessor') return campaign.theme;
  return campaign.is360 ? 'feedback360' : 'tests';
}
