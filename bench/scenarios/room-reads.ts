import { openLoop } from '../load/open-loop';
import { type LoadResult, percentile } from '../load/stats';
import { CAMPAIGN, headersOf, TEST_SAVE, type World } from '../seed';

// The room's reads, at a fixed rate: what the app asks when a candidate opens it or comes back to it
// (spec section 7, apps/web: features/auth get-me, campaigns get-selected-campaign, lib/user-tests) and
// the progress of a test (GET /api/tests/{t}/data/{c}/{u}), in turn, for the savers in turn.
// The first WARM_UP_SECONDS at the same rate are not measured: the read routes' first runs (the JIT) and
// every candidate's first read from the database are a server's start, not its steady pace.

const WARM_UP_SECONDS = 2;

const READS = [
  { name: 'me', path: () => '/api/auth/me' },
  { name: 'campaign', path: () => '/api/usercampaign' },
  { name: 'tests', path: () => '/api/usertests' },
  { name: 'progress', path: (userId: number) => `/api/tests/${TEST_SAVE}/data/${CAMPAIGN}/${userId}` },
];

export interface RoomReads {
  load: LoadResult;
  /** p95 of each read, ms. */
  byRead: Record<string, number>;
}

export async function readRoom(
  base: string,
  origin: string,
  world: World,
  rate: number,
  seconds: number,
  connections: number,
): Promise<RoomReads> {
  const latencies = new Map(READS.map((r) => [r.name, [] as number[]]));
  let n = 0;
  let measuring = false;
  const run = (seconds: number) =>
    openLoop({
      base,
      rate,
      seconds,
      connections,
      next: () => {
        const read = READS[n % READS.length];
        const candidate = world.savers[Math.floor(n / READS.length) % world.savers.length];
        n += 1;
        return {
          method: 'GET',
          path: read.path(candidate.userId),
          headers: headersOf(origin, candidate, false),
          onAnswer: (_status, _body, ms) => {
            if (measuring) latencies.get(read.name)!.push(ms);
          },
        };
      },
    });
  await run(WARM_UP_SECONDS);
  measuring = true;
  const load = await run(seconds);
  const byRead = Object.fromEntries(
    [...latencies].map(([name, values]) => [
      name,
      percentile(
        values.sort((a, b) => a - b),
        0.95,
      ),
    ]),
  );
  return { load, byRead };
}
