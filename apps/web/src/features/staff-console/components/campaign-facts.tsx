import type { StaffCampaign } from '@prova/contract/staff-campaigns';
import { useTranslation } from 'react-i18next';
import { DateTime } from './date-time';

const PHASE_KEYS = { upcoming: 'campaigns.phase.upcoming', open: 'campaigns.phase.open', ended: 'campaigns.phase.ended' } as const;
const STATUS_KEYS = {
  ACTIVE: 'campaigns.status.ACTIVE',
  COMPLETED: 'campaigns.status.COMPLETED',
  REPORT: 'campaigns.status.REPORT',
} as const;

/** When a campaign runs and where it stands: its phase and status in words, its dates (dd.MM.yyyy HH:mm). */
export function CampaignDates({ campaign }: { campaign: StaffCampaign }) {
  const { t } = useTranslation('console');
  return (
    <p className="console-campaign__when">
      <span className={`chip ${campaign.phase === 'open' ? 'chip--open' : 'chip--closed'}`}>{t(PHASE_KEYS[campaign.phase])}</span>{' '}
      {campaign.status !== 'ACTIVE' && <span className="chip chip--report">{t(STATUS_KEYS[campaign.status])}</span>}{' '}
      <span>
        {t('campaigns.from')} <DateTime value={campaign.dateStart} /> {t('campaigns.to')} <DateTime value={campaign.dateEnd} />
      </span>
    </p>
  );
}

/** The campaign's counts, in words; `explained`: with what they count (a 360 campaign's raters begin by answering). */
export function CampaignCounts({ campaign, explained = false }: { campaign: StaffCampaign; explained?: boolean }) {
  const { t } = useTranslation('console');
  const { participants, tests, invited, started, finished } = campaign.counts;
  return (
    <>
      <ul className="console-counts">
        <li>{t('campaigns.counts.participants', { count: participants })}</li>
        <li>{t('campaigns.counts.tests', { count: tests })}</li>
        <li>{t('campaigns.counts.invited', { count: invited })}</li>
        <li>{t('campaigns.counts.started', { count: started })}</li>
        <li>{t('campaigns.counts.finished', { count: finished })}</li>
      </ul>
      {explained && <p className="console-note">{t(campaign.is360 ? 'campaigns.counts.meaning360' : 'campaigns.counts.meaning')}</p>}
    </>
  );
}
