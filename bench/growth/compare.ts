import { randomBytes } from 'node:crypto';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { BuiltServer } from '../built-server';
import { config, type DatabaseKind, targets } from '../config';
import { type CannonRequest, closedLoop } from '../load/closed-loop';
import { describe, failures, type LoadResult, Recorder } from '../load/stats';
import type { PostgresServer } from '../postgres';
import type { Saves } from '../scenarios/save-progress';
import { CAMPAIGN, headersOf, TEST_SAVE, TEST_START, type World } from '../seed';
import { signInOnTurn } from '../scenarios/sign-in';
import { figures, label, type Row } from '../table';
import { grow } from './grow';

// Growth: the hot paths' latency on the bench's near-empty database and on a copy of it grown to a campaign
// of BENCH_GROWTH_CANDIDATES candidates and BENCH_GROWTH_PROGRESS progress rows (grow.ts). Two servers, started
// afresh on the two databases, are probed in turn, path by path: each path first warmed on both (its pages, its
// code), then measured in four turns of near-empty, grown, grown, near-empty (half a second each at the default 4 s a side): whatever else
// changes on the machine meanwhile (its speed moves within seconds on a shared host) weighs on both alike. Each path is
// probed by a few connections, each sending its next request when the last is answered: the latency is the
// request's own work, never a queue (a fixed rate above what a busy machine serves would measure the queue).
// The table shows the grown database's figures and the ratio of the medians (≤ 1.2×).

const PROBE_CONNECTIONS = 4;
/** Each path's time on each side is cut into this many halves' pairs (near-empty, grown, grown, near-empty each). */
const PROBE_TURNS = 4;
const PROBE_WARM_UP_SECONDS = 0.5;

interface Probe {
  name: string;
  next: (i: number) => CannonRequest;
}

function probes(origin: string, world: World, saves: Saves): Probe[] {
  const saver = (i: number) => world.savers[i % world.savers.length];
  const reads = ['/api/auth/me', '/api/usercampaign', '/api/usertests'];
  return [
    { name: 'save progress (data)', next: () => saves.next('data') },
    { name: 'save progress (status)', next: () => saves.next('status') },
    {
      name: 'room reads',
      next: (i) => {
        const c = saver(Math.floor(i / 4));
        const path = i % 4 === 3 ? `/api/tests/${TEST_SAVE}/data/${CAMPAIGN}/${c.userId}` : reads[i % 4];
        return { method: 'GET', path, headers: headersOf(origin, c, false) };
      },
    },
    {
      name: 'open a test',
      next: (i) => {
        const c = saver(i);
        return {
          method: 'POST',
          path: `/api/tests/${TEST_START}/start/${CAMPAIGN}/${c.userId}`,
          headers: headersOf(origin, c, true),
          body: '{}',
        };
      },
    },
    {
      name: 'log entries',
      next: (i) => {
        const c = saver(i);
        const data = JSON.stringify({ campaignId: CAMPAIGN, testId: TEST_SAVE, event: 'answer', at: new Date().toISOString() });
        return {
          method: 'POST',
          path: '/api/logs',
          headers: headersOf(origin, c, true),
          body: JSON.stringify({ data, idempotencyKey: randomBytes(16).toString('base64url') }),
        };
      },
    },
    {
      name: 'sign-in',
      next: (i) => signInOnTurn(origin, world.arrivals, i + 1000),
    },
    {
      name: 'report page data',
      next: (i) => {
        const c = saver(i);
        return { method: 'GET', path: `/api/report/${CAMPAIGN}/individual/personal/${c.userId}`, headers: headersOf(origin, c, false) };
      },
    },
  ];
}

/** Both servers' warm-up: a fresh process (the JIT, the caches) and, on the grown database, its pages. */
const warmUp = (server: BuiltServer, saves: Saves) =>
  closedLoop({ base: server.base, connections: 10, seconds: 2, next: () => saves.next() });

async function runProbes(nearEmpty: BuiltServer, grown: BuiltServer, world: World, saves: Saves) {
  const results = new Map<string, { nearEmpty: LoadResult; grown: LoadResult }>();
  await warmUp(nearEmpty, saves);
  await warmUp(grown, saves);
  const base = (side: 'nearEmpty' | 'grown') => (side === 'grown' ? grown : nearEmpty).base;
  // The requests carry the near-empty server's Origin, which the grown one (started with the same PUBLIC_URL) takes too.
  for (const probe of probes(nearEmpty.origin, world, saves)) {
    let i = 0;
    // The path's own pages and code, on both sides, before anything is measured.
    for (const side of ['nearEmpty', 'grown'] as const)
      await closedLoop({ base: base(side), connections: PROBE_CONNECTIONS, seconds: PROBE_WARM_UP_SECONDS, next: () => probe.next(i++) });
    const recorders = { nearEmpty: new Recorder(), grown: new Recorder() };
    for (let turn = 0; turn < PROBE_TURNS; turn++) {
      for (const side of ['nearEmpty', 'grown', 'grown', 'nearEmpty'] as const) {
        await closedLoop({
          base: base(side),
          connections: PROBE_CONNECTIONS,
          seconds: config.growthSeconds / (2 * PROBE_TURNS),
          next: () => probe.next(i++),
          recorder: recorders[side],
        });
      }
    }
    results.set(probe.name, {
      nearEmpty: recorders.nearEmpty.result(recorders.nearEmpty.seconds),
      grown: recorders.grown.result(recorders.grown.seconds),
    });
  }
  return results;
}

export interface GrowthContext {
  kind: DatabaseKind;
  url: string;
  dir: string;
  /** The server running on the near-empty database; started again here on the grown one. */
  server: BuiltServer;
  world: World;
  saves: Saves;
  /** The cluster of a PostgreSQL run, which copies the near-empty database. */
  postgres?: PostgresServer;
}

/** A copy of the near-empty database, which nobody has open. */
async function copyOf(ctx: GrowthContext): Promise<string> {
  if (ctx.kind === 'postgres') return ctx.postgres!.createDatabase('bench_near_empty', ctx.url);
  const file = ctx.url.slice('sqlite:'.length);
  const db = new SQLite(file);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const copy = join(ctx.dir, 'near-empty.db');
  copyFileSync(file, copy);
  return `sqlite:${copy}`;
}

export async function growthComparison(ctx: GrowthContext): Promise<Row[]> {
  const db = label(ctx.kind);
  const log = (line: string) => console.log(`  growth: ${line}`);
  await ctx.server.stop();
  const nearEmptyUrl = await copyOf(ctx);
  const grown = await grow(ctx.url, { candidates: config.growthCandidates, progress: config.growthProgress, log });
  log(
    `${grown.users.toLocaleString('en')} candidates, ${grown.progress.toLocaleString('en')} progress rows, ${grown.outcomes.toLocaleString('en')} outcomes, ` +
      `${grown.sessions.toLocaleString('en')} sessions in ${grown.seconds.toFixed(1)} s`,
  );
  // The same ports: the saves' Origin is the server's PUBLIC_URL. (The caller stops it at the end, and
  // reports what it logged.)
  await ctx.server.restart(`prova-${ctx.kind}-grown`);
  const nearEmpty = await BuiltServer.start(nearEmptyUrl, ctx.dir, `prova-${ctx.kind}-near-empty`, ctx.server.origin);
  let results: Awaited<ReturnType<typeof runProbes>>;
  try {
    results = await runProbes(nearEmpty, ctx.server, ctx.world, ctx.saves);
  } finally {
    await nearEmpty.stop();
  }
  const rows: Row[] = [];
  for (const [name, { nearEmpty: before, grown: after }] of results) {
    const ratio = after.p50 / before.p50;
    log(`${name}: near-empty ${describe(before)}; grown ${describe(after)}`);
    rows.push({
      scenario: `growth: ${name}`,
      database: db,
      ...figures(after),
      ratio: `${ratio.toFixed(2)}× p50 near-empty`,
      target: `≤ ${targets.growthRatio}×`,
      met: ratio <= targets.growthRatio && failures(after) === 0 && failures(before) === 0,
      note:
        name === 'save progress (data)'
          ? `Growth on ${db}: ${grown.users.toLocaleString('en')} candidates and ${grown.progress.toLocaleString('en')} progress rows added to the campaign ` +
            `(with ${grown.outcomes.toLocaleString('en')} outcomes and a session each) in ${grown.seconds.toFixed(0)} s, a copy of the near-empty database kept beside it; each path for ` +
            `${config.growthSeconds} s (${PROBE_CONNECTIONS} connections) on each database, after a warm-up of each, in ${PROBE_TURNS} turns of near-empty, grown, grown, near-empty; the row shows the grown one, the ratio compares the medians ` +
            `(p95: ${[...results].map(([n, r]) => `${n} ${(r.grown.p95 / r.nearEmpty.p95).toFixed(2)}×`).join(', ')}).`
          : undefined,
    });
  }
  const problems = nearEmpty.problems();
  if (problems.length)
    rows.push({
      scenario: 'server errors logged (growth, near-empty copy)',
      database: db,
      errors: problems.length,
      target: 'none',
      met: false,
      note: `The server on the near-empty copy (${db}) logged: ${problems.slice(0, 3).join(' / ').slice(0, 600)}`,
    });
  return rows;
}
