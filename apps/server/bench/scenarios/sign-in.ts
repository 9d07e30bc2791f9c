import { closedLoop } from '../load/closed-loop';
import type { LoadResult, Recorder } from '../load/stats';
import { headersOf, PASSWORD, type World } from '../seed';

// Signing in for real (POST /api/auth/login): the password hash, the limits, a new session. Each request
// is another candidate, from their own address, so that no limit of the product is reached by the bench.

export async function signIns(
  base: string,
  origin: string,
  world: World,
  connections: number,
  seconds: number,
  recorder?: Recorder,
): Promise<LoadResult> {
  let n = 0;
  return closedLoop({
    base,
    connections,
    seconds,
    recorder,
    next: () => {
      const candidate = world.arrivals[n++ % world.arrivals.length];
      return {
        method: 'POST',
        path: '/api/auth/login',
        headers: headersOf(origin, { ...candidate, cookie: '' }, true),
        body: JSON.stringify({ username: candidate.email, password: PASSWORD }),
      };
    },
  });
}
