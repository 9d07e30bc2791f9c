import { QUEUE } from '@prova/contract/limits';
import type { TransportResponse } from './transport';

/**
 * How an attempt ended:
 * - `ok`: 2xx/3xx with a `status` in the body;
 * - `auth`: 401 or 403;
 * - `temporary`: network failure, time-out or 5xx, retried with exponential backoff;
 * - `permanent`: other 4xx, or 2xx/3xx without status, retried at a fixed interval;
 * - `closed`: 409, the server holds the test as finished (complete, or its time ran out), or the whole
 *   campaign as over (CAMPAIGN_CLOSED, closedScope): final, the task is dropped and never retried;
 * - `superseded`: 409 WINDOW_SUPERSEDED, the test was opened in another window since, which holds it now: this window's
 *   saves of it are not applied (final; the window is told, and may take the test over by opening it again);
 * - `refused`: 429 LOG_QUOTA_EXCEEDED, the person logged as much as the server keeps for now: final for this task
 *   alone, dropped (not kept in the backup, which would send it again).
 */
export type AttemptOutcome = 'ok' | 'auth' | 'temporary' | 'permanent' | 'closed' | 'superseded' | 'refused';

export function classifyResponse(response: TransportResponse): AttemptOutcome {
  const { status, body } = response;
  if (status === 401 || status === 403) return 'auth';
  if (status === 409) return errorCode(body) === 'WINDOW_SUPERSEDED' ? 'superseded' : 'closed';
  if (status === 429 && errorCode(body) === 'LOG_QUOTA_EXCEEDED') return 'refused';
  if (status >= 500 || status === 0) return 'temporary';
  if (status >= 200 && status < 400) return hasStatus(body) ? 'ok' : 'permanent';
  return 'permanent';
}

/** What a 409 closed: the whole campaign (CAMPAIGN_CLOSED: it is over and takes no more answers), or one test. */
export function closedScope(body: unknown): 'campaign' | 'test' {
  return errorCode(body) === 'CAMPAIGN_CLOSED' ? 'campaign' : 'test';
}

function errorCode(body: unknown): unknown {
  return typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
}

function hasStatus(body: unknown): boolean {
  return typeof body === 'object' && body !== null && Boolean((body as { status?: unknown }).status);
}

export interface RetryConfig {
  retries: number;
  backoffBaseMs: number;
  networkWaitMaxMs: number;
  permanentWaitMs: number;
}

export const DEFAULT_RETRY: RetryConfig = {
  retries: QUEUE.retries,
  backoffBaseMs: QUEUE.backoffBaseMs,
  networkWaitMaxMs: QUEUE.networkWaitMaxMs,
  permanentWaitMs: QUEUE.permanentWaitMs,
};

/** Wait before the next attempt: 1000 ms x 2^attempt capped (temporary), or the fixed wait (permanent). */
export function retryDelay(outcome: 'temporary' | 'permanent', attempt: number, config: RetryConfig = DEFAULT_RETRY): number {
  if (outcome === 'permanent') return config.permanentWaitMs;
  return Math.min(config.backoffBaseMs * 2 ** attempt, config.networkWaitMaxMs);
}
