import type { Repositories } from '../repositories/create-repositories';

/** A number of requests allowed under one key in a window. */
export interface SharedLimit {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Counts a request against each limit in the database, so the limits hold across app instances and
 * restarts (the in-memory limits of @fastify/rate-limit are per process): the limits of one window in one
 * statement. Answers the seconds to wait when one is exceeded, 0 otherwise.
 */
export async function takeSharedLimits(
  repos: Pick<Repositories, 'signInThrottle'>,
  limits: SharedLimit[],
  now = new Date(),
): Promise<number> {
  const byWindow = new Map<number, SharedLimit[]>();
  for (const limit of limits) byWindow.set(limit.windowMs, [...(byWindow.get(limit.windowMs) ?? []), limit]);
  const counted = await Promise.all(
    [...byWindow].map(async ([windowMs, group]) => {
      const counts = await repos.signInThrottle.countMany(
        group.map((limit) => limit.key),
        windowMs,
        now,
      );
      return group.map((limit, i) => ({ limit, ...counts[i] }));
    }),
  );
  let wait = 0;
  for (const { limit, count, windowStart } of counted.flat()) {
    if (count > limit.max) wait = Math.max(wait, 1, Math.ceil((Date.parse(windowStart) + limit.windowMs - now.getTime()) / 1000));
  }
  return wait;
}
