import { randomBytes } from 'node:crypto';
import { openBenchDb } from '../bench-db';
import { closedLoop } from '../load/closed-loop';
import type { LoadResult } from '../load/stats';
import { CAMPAIGN, type Candidate, headersOf, OUTCOME_TESTS, SCORED_TEST, type World } from '../seed';

// Outcomes: an activity posts its outcomes once, at its end (POST /api/outcomes/{c}/{t}/{u}, with an
// idempotency key); that completes the test, so each candidate can post once per test. Every saver
// posts the outcomes of the ten outcome tests (one of them scored by the server, which then runs its
// script): as many requests as pairs, as fast as the connections carry them. Afterwards each accepted
// post must be stored once, its test complete, and the scored test scored by the server.

export interface OutcomesRun {
  load: LoadResult;
  problems: string[];
  /** Seconds the server took after the load to score the scored test for everyone. */
  scoringSeconds: number;
}

export async function postOutcomes(base: string, origin: string, world: World, connections: number): Promise<OutcomesRun> {
  const pairs: Array<{ candidate: Candidate; test: number }> = [];
  // Test by test, so that the requests on their way at once are of different candidates.
  for (const test of OUTCOME_TESTS) for (const candidate of world.savers) pairs.push({ candidate, test });
  let n = 0;
  const accepted = new Set<string>();
  const load = await closedLoop({
    base,
    connections,
    amount: pairs.length,
    next: () => {
      const { candidate, test } = pairs[n++ % pairs.length];
      const values = world.outcomeIds.get(test)!.map((questionId, k) => ({ questionId, value: (candidate.userId * 7 + k * 13) % 101 }));
      return {
        method: 'POST',
        path: `/api/outcomes/${CAMPAIGN}/${test}/${candidate.userId}`,
        headers: headersOf(origin, candidate, true),
        body: JSON.stringify({ values, idempotencyKey: randomBytes(16).toString('base64url') }),
        onAnswer: (status) => {
          if (status === 200) accepted.add(`${test}:${candidate.userId}`);
        },
      };
    },
  });

  const db = openBenchDb(world.databaseUrl);
  try {
    const problems: string[] = [];
    const users = world.savers.map((s) => s.userId);
    const inList = users.map(() => '?').join(', ');
    const tests = OUTCOME_TESTS.map(() => '?').join(', ');
    const client = await db.all<{ test_id: number; user_id: number; n: number }>(
      `select test_id, user_id, count(*) as n from outcomes where campaign_id = ? and source = 'client' and test_id in (${tests}) and user_id in (${inList}) group by test_id, user_id`,
      [CAMPAIGN, ...OUTCOME_TESTS, ...users],
    );
    const stored = new Map(client.map((r) => [`${r.test_id}:${r.user_id}`, Number(r.n)]));
    for (const key of accepted) if (stored.get(key) !== 1) problems.push(`outcomes ${key}: accepted, stored ${stored.get(key) ?? 0} times`);
    const complete = await db.all<{ n: number }>(
      `select count(*) as n from test_progress where campaign_id = ? and status = 'complete' and test_id in (${tests}) and user_id in (${inList})`,
      [CAMPAIGN, ...OUTCOME_TESTS, ...users],
    );
    if (Number(complete[0].n) < accepted.size) problems.push(`${accepted.size} outcomes accepted, ${complete[0].n} tests complete`);
    // The server scores the scored test in its pool: wait for it, so the next scenario does not share the cores with it.
    const started = performance.now();
    const scoredAccepted = [...accepted].filter((key) => key.startsWith(`${SCORED_TEST}:`)).length;
    let scored = 0;
    while (performance.now() - started < 60_000) {
      const rows = await db.all<{ n: number }>(
        `select count(*) as n from outcomes where campaign_id = ? and test_id = ? and source = 'server' and user_id in (${inList})`,
        [CAMPAIGN, SCORED_TEST, ...users],
      );
      scored = Number(rows[0].n);
      if (scored >= scoredAccepted) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    if (scored < scoredAccepted) problems.push(`${scoredAccepted} scored tests completed, ${scored} scored by the server within 60 s`);
    return { load, problems, scoringSeconds: (performance.now() - started) / 1000 };
  } finally {
    await db.close();
  }
}
