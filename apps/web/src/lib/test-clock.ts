import type { UserTest } from '@prova/contract/tests';
import { useEffect, useState } from 'react';

/** Seconds left on a timed test's running clock (the server's, read in this browser's time); undefined when none runs. */
export function secondsLeft(test: Pick<UserTest, 'timing' | 'status'>, now: number = Date.now()): number | undefined {
  if (!test.timing || test.status !== 'incomplete') return undefined;
  return Math.max(0, Math.ceil((Date.parse(test.timing.endsAt) - now) / 1000));
}

/** Time left as a clock shows it: m:ss, or h:mm:ss from an hour ('19:17', not '20 minuti'). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** secondsLeft, following the clock second by second while it runs. */
export function useSecondsLeft(test: Pick<UserTest, 'timing' | 'status'>): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(test, now);
  const running = left !== undefined && left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return left;
}
