import { useTranslation } from 'react-i18next';
import { elapsedPercent } from '@/lib/campaign-time';
import { toDate } from '@/lib/dates';

/** How much of the campaign's time has gone by (0..99 until the deadline, then 100), as a bar and as text. */
export function CampaignTimeBar({ start, end }: { start: string; end: string }) {
  const { t } = useTranslation();
  const elapsed = elapsedPercent(toDate(start), toDate(end));
  return (
    <div
      className="time-bar"
      role="progressbar"
      aria-label={t('room.timeElapsed')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={elapsed}
      aria-valuetext={t('room.timeElapsedValue', { percent: elapsed })}
    >
      <span className="time-bar__fill" style={{ width: `${elapsed}%` }} />
    </div>
  );
}
