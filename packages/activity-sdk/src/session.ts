// What init() resolves to, and its check on the activity side (no schema library: this is part of
// the activity's bundle).
import { MESSAGES, ProvaError } from './errors';
import type { JsonValue, TestStatus } from './calls/schemas';

/**
 * A timed test's clock, from the server: it started at the first opening and is never reset by a
 * reload; `endsAt` already includes the person's extra time. `remainingSeconds` is what was left when
 * the session was made: count down from it (the device's clock may be wrong).
 */
export interface TestTiming {
  startedAt: string;
  endsAt: string;
  remainingSeconds: number;
}

export interface Session {
  campaignId: number;
  testId: number;
  userId: number;
  /** 'IT_it', 'EN_en' or 'ES_es'. */
  lang: string;
  isAssessor: boolean;
  status: TestStatus;
  /** The saved progress (the local copy unless the server's is newer), or null. */
  data: JsonValue | null;
  version: number;
  /** The test's jsonData.options. */
  testData: JsonValue | null;
  /** The clock of a timed test; null when the test is untimed. */
  timing: TestTiming | null;
}

const STATUSES: readonly string[] = ['not attempted', 'incomplete', 'complete'];
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

function readTiming(value: unknown): TestTiming | null {
  if (typeof value !== 'object' || value === null) return null;
  const t = value as Record<string, unknown>;
  return typeof t.startedAt === 'string' && typeof t.endsAt === 'string' && isInt(t.remainingSeconds) && t.remainingSeconds >= 0
    ? { startedAt: t.startedAt, endsAt: t.endsAt, remainingSeconds: t.remainingSeconds }
    : null;
}

/** The host's answer to init: ids that are not numbers fail with 'Invalid tracking data'. */
export function readSession(value: unknown): Session {
  const s = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (!isInt(s.campaignId) || !isInt(s.testId) || !isInt(s.userId))
    throw new ProvaError(MESSAGES.invalidTrackingData, 'INVALID_TRACKING_DATA');
  if (typeof s.lang !== 'string' || typeof s.isAssessor !== 'boolean' || !STATUSES.includes(s.status as string) || !isInt(s.version)) {
    throw new ProvaError('Invalid answer from the Prova host to init', 'INVALID_RESPONSE');
  }
  return {
    campaignId: s.campaignId,
    testId: s.testId,
    userId: s.userId,
    lang: s.lang,
    isAssessor: s.isAssessor,
    status: s.status as TestStatus,
    data: (s.data ?? null) as JsonValue | null,
    version: s.version,
    testData: (s.testData ?? null) as JsonValue | null,
    timing: readTiming(s.timing),
  };
}
