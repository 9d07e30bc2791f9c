import type { UserTest } from '@prova/contract/tests';
import { useTranslation } from 'react-i18next';
import { ClockIcon } from '@/components/ui/icons';
import { formatClock, useSecondsLeft } from '@/lib/test-clock';
import '@/locales/it/room';

/**
 * The time left of a timed test in progress, from the server's clock, as the test's own clock shows it (m:ss).
 * Quiet on purpose: no live region (the activity announces the thresholds).
 */
export function TimeLeft({ test, className }: { test: Pick<UserTest, 'timing' | 'status'>; className?: string }) {
  const { t } = useTranslation(['room', 'translation']);
  const left = useSecondsLeft(test);
  if (left === undefined) return null;
  return (
    <span className={['time-left', className].filter(Boolean).join(' ')}>
      <ClockIcon />
      <span>{t('translation:clock.timeLeft', { time: left === 0 ? t('room.timeUp') : formatClock(left) })}</span>
    </span>
  );
}
