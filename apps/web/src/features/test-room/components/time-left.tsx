import type { UserTest } from '@prova/contract/tests';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockIcon } from '@/components/ui/icons';
import { secondsLeft } from '../rules/test-rules';

const TICK_MS = 15_000;

/**
 * The time left of a timed test in progress, from the server's clock. Quiet on purpose: it updates
 * every few seconds without announcing itself (the activity's own timer is the one to follow).
 */
export function TimeLeft({ test, className }: { test: Pick<UserTest, 'timing' | 'status'>; className?: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(test, now);
  const running = left !== undefined && left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [running]);
  if (left === undefined) return null;
  const minutes = Math.ceil(left / 60);
  const time = left === 0 ? t('room.timeUp') : left < 60 ? t('room.lessThanAMinute') : t('start.minutes', { count: minutes });
  return (
    <span className={['time-left', className].filter(Boolean).join(' ')}>
      <ClockIcon />
      <span>{t('room.timeLeft', { time })}</span>
    </span>
  );
}
