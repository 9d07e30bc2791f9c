import { Agent } from 'node:http';
import { REQUEST_TIMEOUT_MS } from '@prova/contract/limits';
import { type Answer, call } from '../load/http';
import { openLoop } from '../load/open-loop';
import { type LoadResult, percentile } from '../load/stats';
import { CAMPAIGN, type Candidate, headersOf, PASSWORD, TEST_START, type World } from '../seed';
import type { Saves } from './save-progress';

// Synchronised start: a whole session of candidates told to begin at 9:00. The arrivals come evenly over
// the first 90% of the window, each in a browser of its own, and do what the app does: sign in, enter the
// campaign, list its tests, open the timed test (which starts its clock). Meanwhile the savers go on
// saving at a steady rate. Every arrival must have opened their test by the end of the window, with no
// error (the app's own time-out, 30 s, counts as one), and the saves' p99 must stay what it was.

export interface SyncStart {
  arrivals: number;
  opened: number;
  /** Seconds from the first arrival to the last test opened. */
  lastOpenedAt: number;
  /** Each arrival's time from signing in to their test open, ms. */
  p50: number;
  p95: number;
  p99: number;
  errors: string[];
  saves: LoadResult;
}

const STEPS = ['sign in', 'enter the campaign', 'list the tests', 'open the test'] as const;

async function arrive(base: string, origin: string, who: Candidate): Promise<{ ms: number } | { error: string }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 6 });
  const candidate = { ...who, cookie: '' };
  const started = performance.now();
  let userId = who.userId;
  try {
    for (const step of STEPS) {
      let answer: Answer;
      const send = (method: 'GET' | 'POST', path: string, body?: object) =>
        call(agent, base, method, path, headersOf(origin, candidate, body !== undefined), body && JSON.stringify(body), REQUEST_TIMEOUT_MS);
      try {
        if (step === 'sign in') answer = await send('POST', '/api/auth/login', { username: who.email, password: PASSWORD });
        else if (step === 'enter the campaign') answer = await send('POST', `/api/usercampaign/${CAMPAIGN}`, {});
        else if (step === 'list the tests') answer = await send('GET', '/api/usertests');
        else answer = await send('POST', `/api/tests/${TEST_START}/start/${CAMPAIGN}/${userId}`, {});
      } catch (error) {
        return { error: `${step}: ${(error as Error).message}` };
      }
      if (answer.status !== 200) return { error: `${step}: ${answer.status} ${answer.body.slice(0, 120)}` };
      if (step === 'sign in') {
        const cookies = answer.headers['set-cookie'] ?? [];
        const session = (Array.isArray(cookies) ? cookies : [cookies]).find((c) => c.startsWith('prova_session='));
        if (!session) return { error: 'sign in: no session cookie' };
        candidate.cookie = session.split(';')[0];
        userId = (JSON.parse(answer.body) as { user: { id: number } }).user.id;
      }
    }
    return { ms: performance.now() - started };
  } finally {
    agent.destroy();
  }
}

export async function synchronisedStart(
  base: string,
  origin: string,
  world: World,
  saves: Saves,
  opts: { windowSeconds: number; saveRate: number },
): Promise<SyncStart> {
  const arrivals = world.arrivals;
  const spread = (opts.windowSeconds * 0.9 * 1000) / arrivals.length;
  const started = performance.now();
  const times: number[] = [];
  const errors: string[] = [];
  let lastOpenedAt = 0;
  const background = openLoop({
    base,
    rate: opts.saveRate,
    seconds: opts.windowSeconds,
    connections: 50,
    next: () => saves.next(),
  });
  const runs = arrivals.map(async (candidate, i) => {
    await new Promise((done) => setTimeout(done, i * spread));
    const result = await arrive(base, origin, candidate);
    if ('error' in result) errors.push(`${candidate.email}: ${result.error}`);
    else {
      times.push(result.ms);
      lastOpenedAt = Math.max(lastOpenedAt, (performance.now() - started) / 1000);
    }
  });
  await Promise.all(runs);
  const savesResult = await background;
  times.sort((a, b) => a - b);
  return {
    arrivals: arrivals.length,
    opened: times.length,
    lastOpenedAt,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    errors,
    saves: savesResult,
  };
}
