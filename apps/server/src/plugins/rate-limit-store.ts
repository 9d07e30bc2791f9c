import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Repositories } from '../repositories/create-repositories';

/** What the store needs: a count per key and window, taken in one statement (sign-in-throttle-repository). */
type LimitCounts = Pick<Repositories['signInThrottle'], 'count'>;

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
  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly scope = 'rate-limit',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = new Date();
      counts.count(`${this.scope}:${key}`, timeWindow, now).then(
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
