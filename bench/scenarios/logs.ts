import { randomBytes } from 'node:crypto';
import { openBenchDb } from '../bench-db';
import { closedLoop } from '../load/closed-loop';
import type { LoadResult } from '../load/stats';
import { CAMPAIGN, headersOf, TEST_SAVE, type World } from '../seed';

// Log entries: the activities' events, sent by the queue (POST /api/logs, with an idempotency key, as
// the queue sends them). Afterwards every accepted entry must be stored exactly once.

export async function postLogs(base: string, origin: string, world: World, connections: number, seconds: number) {
  const db = openBenchDb(world.databaseUrl);
  const countLogs = async () => Number((await db.all<{ n: number }>('select count(*) as n from logs'))[0].n);
  try {
    const before = await countLogs();
    let n = 0;
    let accepted = 0;
    const load: LoadResult = await closedLoop({
      base,
      connections,
      seconds,
      next: () => {
        const candidate = world.savers[n++ % world.savers.length];
        const entry = { campaignId: CAMPAIGN, testId: TEST_SAVE, event: 'answer', question: `q${n % 20}`, at: new Date().toISOString() };
        return {
          method: 'POST',
          path: '/api/logs',
          headers: headersOf(origin, candidate, true),
          body: JSON.stringify({ data: JSON.stringify(entry), idempotencyKey: randomBytes(16).toString('base64url') }),
          onAnswer: (status) => {
            if (status === 200) accepted += 1;
          },
        };
      },
    });
    await new Promise((done) => setTimeout(done, 1000));
    const stored = (await countLogs()) - before;
    // Entries sent as the load stopped may be stored without their answer: more stored than accepted is fine.
    const problems = stored < accepted ? [`${accepted} log entries accepted, ${stored} stored`] : [];
    return { load, problems };
  } finally {
    await db.close();
  }
}
