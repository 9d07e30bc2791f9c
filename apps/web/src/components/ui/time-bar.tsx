import { useTranslation } from 'react-i18next';
import { elapsedPercent } from '@/lib/campaign-time';
import { toDate } from '@/lib/dates';
import './time-bar.css';
import '@/lib/italian-articles';

export interface ProgressBarProps {
  label: string;
  /** Whole percent, 0..100. */
  percent: number;
  /** What a screen reader says instead of the bare number. */
  valueText?: string;
  className?: string;
}

/** A horizontal bar with its value for assistive technology (campaign time, evaluations done, pages). */
export function ProgressBar({ label, percent, valueText, className }: ProgressBarProps) {
  return (
    <div
      className={['time-bar', className].filter(Boolean).join(' ')}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
    >
      <span className="time-bar__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** How much of the campaign's time has gone by (0..99 until the deadline, then 100). */
export function CampaignTimeBar({ start, end }: { start: string; end: string }) {
  const { t } = useTranslation();
  const elapsed = elapsedPercent(toDate(start), toDate(end));
  const value = t('timeBar.elapsedValue', { percent: elapsed });
  // The bar says in words what it measures: a bare bar beside a deadline reads as progress.
  return (
    <div className="time-bar-field">
      <ProgressBar label={t('timeBar.elapsed')} percent={elapsed} valueText={value} />
      <p className="time-bar-field__caption" aria-hidden="true">
        {value}
      </p>
    </div>
  );
}
