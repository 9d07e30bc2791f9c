// The benchmark's knobs, read once from the environment (README, `npm run bench`; docs/performance.md).
import { availableParallelism } from 'node:os';

const int = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number (it is "${raw}")`);
  return value;
};
const flag = (name: string, fallback: boolean) => {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? fallback : raw !== '0' && raw !== 'false';
};

export type DatabaseKind = 'sqlite' | 'postgres';

export const config = {
  /** Seconds each throughput scenario runs (saves, status, logs, sign-in, reports...). */
  seconds: int('BENCH_SECONDS', 4),
  /** Rounds of the saves against the group-commit baseline, the two in turn (each round: the baseline, then each kind of save). */
  saveRounds: Math.max(1, int('BENCH_SAVE_ROUNDS', 3)),
  /** Connections of the throughput scenarios. */
  connections: int('BENCH_CONNECTIONS', 50),
  /** Candidates who save, read their room and their report (sessions made in the database). */
  candidates: int('BENCH_CANDIDATES', 200),
  /** Candidates who sign in for real: the sign-in scenario and the synchronised start. */
  arrivals: int('BENCH_ARRIVALS', 2000),
  /** The window in which the arrivals sign in and open a test. */
  startSeconds: int('BENCH_START_SECONDS', 60),
  /** Rounds and seconds a turn of `npm run bench:compare` (compare-builds.ts). */
  compareRounds: Math.max(1, int('BENCH_COMPARE_ROUNDS', 10)),
  compareSeconds: Math.max(1, int('BENCH_COMPARE_SECONDS', 2)),
  /** Requests/s of the room reads (campaign, tests, progress). */
  readRate: int('BENCH_READ_RATE', 1000),
  /** Saves/s that go on while candidates sign in (2,000 candidates saving every 10 s). */
  backgroundRate: int('BENCH_BACKGROUND_RATE', 200),
  databases: (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((d) => d.trim()) as DatabaseKind[],
  /** A PostgreSQL URL of a role that may create databases; without it a throwaway cluster of our own. */
  postgresUrl: process.env.BENCH_DATABASE_URL || undefined,
  growth: flag('BENCH_GROWTH', true),
  growthCandidates: int('BENCH_GROWTH_CANDIDATES', 100_000),
  growthProgress: int('BENCH_GROWTH_PROGRESS', 1_000_000),
  /** Seconds of each latency probe of the growth comparison. */
  growthSeconds: int('BENCH_GROWTH_SECONDS', 4),
  /** Completed attempts of the item analysis scenario (its small campaign: a tenth). */
  analysisAttempts: int('BENCH_ANALYSIS_ATTEMPTS', 100_000),
  lighthouse: flag('BENCH_LIGHTHOUSE', true),
  /** Each scenario's table written to docs/performance/<scenario>.md (0: the console only). */
  writeDocs: flag('BENCH_WRITE_DOCS', true),
  /** 'auto' builds when dist/ is missing or older than the sources; '0' never; '1' always. */
  build: process.env.BENCH_BUILD ?? 'auto',
  /** Only these scenarios (comma-separated names, see run.ts); all by default. */
  only: process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : null,
  /** A folder for CPU profiles of the server processes (node --cpu-prof). */
  profileDir: process.env.BENCH_PROFILE || undefined,
  /** More flags for Node in the server and baseline processes, e.g. `--perf-basic-prof` for Linux's `perf`. */
  nodeFlags: (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean),
  /** The server's LOG_LEVEL: `warn` measures the paths themselves; `info` (the server's default) adds a log line a request. */
  logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
  /** PG_POOL_MAX for the server; unset: the server's default. */
  pgPoolMax: process.env.PG_POOL_MAX || undefined,
  cores: availableParallelism(),
};

export const wants = (scenario: string) => config.only === null || config.only.has(scenario);

/** The targets (14, "Scale and speed"). */
export const targets = {
  /** Saves/s as a share of the minimal group-commit server on the same database, in the same run. */
  saveRatio: 0.9,
  saveP99Ms: { sqlite: 15, postgres: 25 } as Record<DatabaseKind, number>,
  roomReadP95Ms: 10,
  /** Sign-ins/s as a share of the password hashes/s both cores verify. */
  signInRatio: 0.9,
  reportComputeP95Ms: 20,
  pdfRenderP95Ms: 500,
  /** A 40-item QTI test scored by the server (issue 49, "Speed"). */
  qtiTestScoreP95Ms: 20,
  growthRatio: 1.2,
  /** Item analysis of 100,000 attempts of a 50-item test (issue 50, "Speed"), memory bounded. */
  itemAnalysisMs: 5000,
  /** The adaptive next item: a candidate's wait at p99 with 200 answering at once (issue 50, an aim). */
  adaptiveNextP99Ms: 25,
};
