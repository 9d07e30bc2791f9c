import { TIMED_SAVE_GRACE_SECONDS, type TestStatus, type TestTiming } from '@prova/contract/tests';

// A timed test's clock is the server's: it starts at the first opening, lasts the test's duration
// lengthened by the person's extra time, and saves are taken until its end plus a network grace.

/** A test's settings (jsonData) as its repository reads them: what the clock needs of them. */
interface TimerSettings {
  hasTimer?: boolean;
  duration?: number;
}

/** The test's time limit in minutes, or null when it is untimed (no timer, or no positive duration). */
export function timeLimitMinutes({ hasTimer, duration }: TimerSettings): number | null {
  return hasTimer === true && duration !== undefined && Number.isFinite(duration) && duration > 0 ? duration : null;
}

/** When a test opened at `startedAt` ends for a person with `extraTimePercent` more time; null if untimed. */
export function endsAtFor(jsonData: TimerSettings, startedAt: Date, extraTimePercent: number): string | null {
  const minutes = timeLimitMinutes(jsonData);
  if (minutes === null) return null;
  const ms = minutes * 60_000 * (1 + Math.max(0, extraTimePercent) / 100);
  return new Date(startedAt.getTime() + Math.round(ms)).toISOString();
}

/** Saves arriving after this instant are too late for a test ending at `endsAt`. */
export const lastSaveAt = (endsAt: string): number => Date.parse(endsAt) + TIMED_SAVE_GRACE_SECONDS * 1000;

/** The instant before which a deadline means "time is up, grace included" (for queries on ends_at). */
export const expiredBefore = (now: Date): string => new Date(now.getTime() - TIMED_SAVE_GRACE_SECONDS * 1000).toISOString();

export interface ClockRow {
  status: string;
  started_at: string | null;
  ends_at: string | null;
}

export function isTimeUp(row: Pick<ClockRow, 'ends_at'>, now: Date = new Date()): boolean {
  return row.ends_at !== null && now.getTime() > lastSaveAt(row.ends_at);
}

/** The clock as the activity and the room see it; null when the test is untimed or not opened yet. */
export function timingOf(row: ClockRow | undefined, now: Date = new Date()): TestTiming | null {
  if (!row?.started_at || !row.ends_at) return null;
  const left = row.status === 'complete' ? 0 : Math.max(0, Math.ceil((Date.parse(row.ends_at) - now.getTime()) / 1000));
  return { startedAt: row.started_at, endsAt: row.ends_at, remainingSeconds: left };
}

/** A stored status as the API names it: no row, or anything unknown, is 'not attempted'. */
export const asTestStatus = (stored: string | undefined): TestStatus =>
  stored === 'complete' || stored === 'incomplete' ? stored : 'not attempted';

/**
 * A person's status in a test: what is stored, except that a timed test whose time (and grace) ran
 * out is complete even before the expiry sweep has written so. Reads never write.
 */
export function effectiveStatus(row: Pick<ClockRow, 'status' | 'ends_at'> | undefined, now: Date = new Date()): TestStatus {
  if (row && row.status !== 'complete' && isTimeUp(row, now)) return 'complete';
  return asTestStatus(row?.status);
}
