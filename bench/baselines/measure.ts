import { join } from 'node:path';
import type { DatabaseKind } from '../config';
import { closedLoop } from '../load/closed-loop';
import { type CpuPerRequest, cpuPerRequest } from '../load/process-cpu';
import type { LoadResult } from '../load/stats';
import { runScript, startScript } from '../processes';
import { Saves } from '../scenarios/save-progress';
import type { Candidate } from '../seed';

// The machine's baselines, each in a process of its own, measured in the same run as the app.

const here = import.meta.dirname;

export interface RateFigures {
  /** Operations per second. */
  rate: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Candidates for a baseline server: ids only (it has no sessions). */
const anonymous = (count: number): Candidate[] =>
  Array.from({ length: count }, (_, i) => ({ index: i, userId: i + 1, email: '', cookie: '', address: `10.9.${i >> 8}.${i & 255}` }));

/** A baseline server that stays up, so that loads against it can take turns with the app's. */
export interface RunningBaseline {
  base: string;
  pid: number | undefined;
  /** Its saves, as the save scenario sends them to the app. */
  saves: Saves;
  stop(): Promise<void>;
}

/** A baseline server started from `script` and warmed up with saves. */
async function startSaveServer(
  script: string,
  args: string[],
  name: string,
  candidates: number,
  connections: number,
): Promise<RunningBaseline> {
  const server = await startScript<{ port: number }>(join(here, script), args, name);
  const base = `http://127.0.0.1:${server.ready.port}`;
  const saves = new Saves(anonymous(candidates), base);
  await closedLoop({ base, connections, seconds: 1, next: () => saves.next() });
  return { base, pid: server.child.pid, saves, stop: () => server.stop() };
}

/** An empty Fastify route that answers the save request's shape: the ceiling of HTTP and JSON here. */
export async function emptyRoute(candidates: number, connections: number, seconds: number): Promise<LoadResult & { cpu?: CpuPerRequest }> {
  const server = await startSaveServer('empty-route.ts', [], 'baseline-empty-route', candidates, connections);
  try {
    return await cpuPerRequest(server.pid, () => closedLoop({ base: server.base, connections, seconds, next: () => server.saves.next() }));
  } finally {
    await server.stop();
  }
}

/** The minimal group-commit server on SQLite (`target` a file) or PostgreSQL (`target` a URL), up and warmed. */
export const startGroupCommit = (kind: DatabaseKind, target: string, candidates: number, connections: number) =>
  startSaveServer(
    kind === 'sqlite' ? 'group-commit-sqlite.ts' : 'group-commit-pg.ts',
    [target],
    `baseline-group-commit-${kind}`,
    candidates,
    connections,
  );

/** Single-row durable commits, one after the other. */
export async function commitRate(kind: DatabaseKind, target: string, seconds: number): Promise<RateFigures> {
  const r = await runScript<{ commits: number; seconds: number; p50: number; p95: number; p99: number }>(
    join(here, 'commit-rate.ts'),
    [kind, target, String(seconds)],
    `baseline-commit-rate-${kind}`,
  );
  return { rate: r.commits, seconds: r.seconds, p50: r.p50, p95: r.p95, p99: r.p99 };
}

/** argon2id verifications per second with the server's parameters, `atOnce` at a time. */
export async function passwordHash(seconds: number, atOnce: number): Promise<RateFigures> {
  const r = await runScript<{ verifies: number; seconds: number; p50: number; p95: number; p99: number }>(
    join(here, 'password-hash.ts'),
    [String(seconds), String(atOnce)],
    'baseline-password-hash',
  );
  return { rate: r.verifies, seconds: r.seconds, p50: r.p50, p95: r.p95, p99: r.p99 };
}
