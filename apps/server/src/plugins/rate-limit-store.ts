import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Repositories } from '../repositories/create-repositories';
import { inGroups } from '../services/in-groups';

/** What the store needs: counts per key and window, taken in one statement (sign-in-throttle-repository). */
type LimitCounts = Pick<Repositories['signInThrottle'], 'countMany'>;

/**
 * What @fastify/rate-limit hands a child store: the route's limit settings with the route under
 * `routeInfo` (empty for `fastify.rateLimit()`). Its types call it the route's options.
 */
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];
type ChildRoute = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A store for @fastify/rate-limit that counts in the database, so that the routes' `config.rateLimit`
 * limits hold across app instances and restarts (its own store counts in each process's memory: two
 * instances would let through twice the limit). Every route counts under its own keys, as with the
 * plugin's own store, beside the sign-in guard's and the shared limits' (services/shared-limits.ts) in
 * the same table; stale counts go with theirs.
 */
export function sharedRateLimitStore(counts: LimitCounts): FastifyRateLimitStoreCtor {
  // Requests counted at the same moment share one statement (one commit), per length of window.
  const byWindow = new Map<number, ReturnType<typeof inGroups<string, { count: number; windowStart: string }>>>();
  const count = (key: string, windowMs: number) => {
    let grouped = byWindow.get(windowMs);
    if (!grouped) {
      grouped = inGroups((keys: string[]) => counts.countMany(keys, windowMs, new Date()));
      byWindow.set(windowMs, grouped);
    }
    return grouped.run(key);
  };

  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly scope = 'rate-limit',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = new Date();
      count(`${this.scope}:${key}`, timeWindow).then(
        ({ count, windowStart }) =>
          callback(null, { current: count, ttl: Math.max(0, Date.parse(windowStart) + timeWindow - now.getTime()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: ChildOptions): FastifyRateLimitStore {
      const route = (options as unknown as ChildRoute).routeInfo;
      const scope = route?.url ? `rate-limit:${[route.method ?? ''].flat().join(',')} ${route.url}` : this.scope;
      return new SharedRateLimitStore({}, scope);
    }
  }
  return SharedRateLimitStore;
}
