import { closedLoop } from '../load/closed-loop';
import type { LoadResult } from '../load/stats';
import { CAMPAIGN, headersOf, type World } from '../seed';

// The report page of a candidate (GET /api/report/{c}/individual/personal/{u}: the 50-marker model
// computed over their outcomes) and its PDF (GET .../hr/{u}/download), each candidate their own.
// The outcomes scenario runs first: it completes the tests the model reads.

export function reportPage(base: string, origin: string, world: World, connections: number, seconds: number): Promise<LoadResult> {
  let n = 0;
  return closedLoop({
    base,
    connections,
    seconds,
    next: () => {
      const candidate = world.savers[n++ % world.savers.length];
      return {
        method: 'GET',
        path: `/api/report/${CAMPAIGN}/individual/personal/${candidate.userId}`,
        headers: headersOf(origin, candidate, false),
      };
    },
  });
}

export function reportPdf(base: string, origin: string, world: World, connections: number, seconds: number): Promise<LoadResult> {
  let n = 0;
  return closedLoop({
    base,
    connections,
    seconds,
    next: () => {
      const candidate = world.savers[n++ % world.savers.length];
      return {
        method: 'GET',
        path: `/api/report/${CAMPAIGN}/individual/hr/${candidate.userId}/download`,
        headers: headersOf(origin, candidate, false),
      };
    },
  });
}
