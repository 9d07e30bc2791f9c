import type { Repositories } from '../repositories/create-repositories';

/** A number of requests allowed under one key in a window. */
export interface SharedLimit {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Counts a request against each limit in the database, so the limits hold across app instances and
 * restarts (the in-memory limits of @fastify/rate-limit are per process). Answers the seconds to wait
 * when one is exceeded, 0 otherwise.
 */
export async function takeSharedLimits(
  repos: Pick<Repositories, 'signInThrottle'>,
  limits: SharedLimit[],
  now = new Date(),
): Promise<number> {
  let wait = 0;
  for (const limit of limits) {
    const { count, windowStart } = await repos.signInThrottle.count(limit.key, limit.windowMs, now);
    if (count > limit.max) wait = Math.max(wait, 1, Math.ceil((Date.parse(windowStart) + limit.windowMs - now.getTime()) / 1000));
  }
  return wait;
}
