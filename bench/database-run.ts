import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { type RateFigures, type RunningBaseline, passwordHash, startGroupCommit } from './baselines/measure';
import { BuiltServer } from './built-server';
import { config, type DatabaseKind, targets, wants } from './config';
import { closedLoop } from './load/closed-loop';
import { openLoop } from './load/open-loop';
import { cpuTally, describeCpu } from './load/process-cpu';
import { describeDiskSyncs, type DiskSyncs, probeDiskSyncs } from './load/disk-syncs';
import { describe, failures, type LoadResult, Recorder } from './load/stats';
import type { PostgresServer } from './postgres';
import { postLogs } from './scenarios/logs';
import { postOutcomes } from './scenarios/outcomes';
import { reportPage, reportPdf } from './scenarios/report';
import { readRoom } from './scenarios/room-reads';
import { Saves, type WriteKind } from './scenarios/save-progress';
import { SignIns, signIns } from './scenarios/sign-in';
import { synchronisedStart } from './scenarios/sync-start';
import { seed, type World } from './seed';
import { figures, label, type Row, scenarioRows } from './table';
import { growthComparison } from './growth/compare';

// Every scenario of the app on one database: a fresh database seeded through the importer, the built
// server on it in its own process, the group-commit baseline on the same database kind beside it.

const log = (line: string) => console.log(`  ${line}`);
const x = (ratio: number) => `${ratio.toFixed(2)}×`;
/** Turns of sign-ins, each after a turn of the hash rate they are compared with. */
const SIGN_IN_TURNS = 3;
/** How often the disk probe syncs beside the saves whose p99 is a target. */
const DISK_PROBE_MS = 20;

/**
 * Runs a scenario with the disk probe beside it (load/disk-syncs.ts), in `dir`, which is on the database's disk:
 * a p99 missed while the disk stalled then says so in its note. None for a PostgreSQL the bench did not start.
 */
async function watchingDisk<T>(dir: string | undefined, scenario: () => Promise<T>): Promise<{ result: T; disk?: DiskSyncs }> {
  if (dir === undefined) return { result: await scenario() };
  const probe = probeDiskSyncs(join(dir, 'disk-probe'), DISK_PROBE_MS);
  try {
    return { result: await scenario(), disk: await probe.stop() };
  } catch (error) {
    // The scenario's own failure is the one to report, not a probe that failed too.
    await probe.stop().catch(() => {});
    throw error;
  }
}

const diskNote = (disk: DiskSyncs | undefined, saves: LoadResult, p99Target: number) =>
  disk && describeDiskSyncs(disk, DISK_PROBE_MS, saves.spans ?? [], p99Target);

export interface DatabaseContext {
  kind: DatabaseKind;
  runDir: string;
  postgres?: PostgresServer;
  /** Whether the server's commits survive a crash of the machine (see serverDurability). */
  durable: boolean;
  /** argon2id verifications/s both cores allow (the sign-in baseline). */
  hashRate?: number;
}

export async function benchDatabase(ctx: DatabaseContext): Promise<Row[]> {
  const { kind } = ctx;
  const db = label(kind);
  const rows: Row[] = [];
  const belongTo = scenarioRows(rows);
  const p99Target = targets.saveP99Ms[kind];
  const dir = mkdtempSync(join(ctx.runDir, `${kind}-`));
  const newDatabase = async (name: string) =>
    kind === 'sqlite' ? `sqlite:${join(dir, `${name}.db`)}` : ctx.postgres!.createDatabase(name);
  console.log(`\n${db}`);

  const url = await newDatabase('prova_bench');
  const seeded = performance.now();
  const world = await seed(url, dir, config.candidates, config.arrivals);
  log(
    `seeded ${world.savers.length} savers and ${world.arrivals.length} arrivals through the importer in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );
  const server = await BuiltServer.start(url, dir, `prova-${kind}`);
  const { base, origin } = server;
  const saves = new Saves(world.savers, origin);
  const databaseCpu = kind === 'postgres' ? ctx.postgres?.cpuTime : undefined;
  // The bench's own files and cluster share a disk; a PostgreSQL given by URL may be on another.
  const diskDir = kind === 'sqlite' || !config.postgresUrl ? dir : undefined;
  const saveKinds = (['data', 'status'] as const).filter((k) => wants(k === 'data' ? 'save' : 'status'));
  try {
    // Warm-up (the JIT, the server's caches, the connection pool): not measured.
    await closedLoop({ base, connections: config.connections, seconds: 2, next: () => saves.next() });

    const groupRate =
      saveKinds.length > 0
        ? await saveRounds(rows, db, { kind, databaseCpu, url, server, saves, saveKinds, p99Target, durable: ctx.durable, newDatabase })
        : undefined;
    belongTo('save');

    // Saves at the steady rate of a campaign in progress, for the scenarios that judge their p99.
    const savesAtRate = () =>
      openLoop({ base, rate: config.backgroundRate, seconds: config.seconds, connections: config.connections, next: () => saves.next() });
    let steady: LoadResult | undefined;
    const steadySaves = async (name: string) => {
      const { result: run, disk } = await watchingDisk(diskDir, savesAtRate);
      const diskLine = diskNote(disk, run, p99Target);
      log(`${name}: ${describe(run)}${diskLine ? `\n    ${diskLine}` : ''}`);
      rows.push({
        scenario: name,
        database: db,
        ...figures(run),
        target: `p99 ≤ ${p99Target} ms`,
        met: run.p99 <= p99Target && failures(run) === 0,
        note: diskLine && `Saves at ${config.backgroundRate}/s alone on ${db}. ${diskLine}`,
      });
      return run;
    };
    if (wants('background') || wants('signin') || wants('start'))
      steady = await steadySaves(`save progress at ${config.backgroundRate}/s, alone`);
    belongTo('background');

    if (wants('outcomes')) {
      const run = await postOutcomes(base, origin, world, config.connections);
      log(
        `outcomes: ${describe(run.load)}; the server scored its test in ${run.scoringSeconds.toFixed(1)} s${run.problems.length ? `; problems: ${run.problems.join('; ')}` : ''}`,
      );
      rows.push({
        scenario: `outcomes (${world.savers.length} × 10 tests, each once)`,
        database: db,
        ...figures(run.load),
        errors: failures(run.load) + run.problems.length,
        ratio: groupRate ? `${x(run.load.rps / groupRate)} group commit` : undefined,
        target: 'no errors, each stored once',
        met: failures(run.load) === 0 && run.problems.length === 0,
        note: run.problems.length ? `outcomes on ${db}: ${run.problems.join('; ')}` : undefined,
      });
    }
    belongTo('outcomes');

    if (wants('logs')) {
      const run = await postLogs(base, origin, world, config.connections, config.seconds);
      log(`logs: ${describe(run.load)}${run.problems.length ? `; problems: ${run.problems.join('; ')}` : ''}`);
      rows.push({
        scenario: 'log entries',
        database: db,
        ...figures(run.load),
        errors: failures(run.load) + run.problems.length,
        ratio: groupRate ? `${x(run.load.rps / groupRate)} group commit` : undefined,
        target: 'no errors, each stored once',
        met: failures(run.load) === 0 && run.problems.length === 0,
        note: run.problems.length ? `logs on ${db}: ${run.problems.join('; ')}` : undefined,
      });
    }
    belongTo('logs');

    if (wants('reads')) {
      const run = await readRoom(base, origin, world, config.readRate, config.seconds, config.connections);
      const byRead = Object.entries(run.byRead)
        .map(([name, p95]) => `${name} ${p95.toFixed(1)} ms`)
        .join(', ');
      log(`room reads at ${config.readRate}/s: ${describe(run.load)}; p95 by read: ${byRead}`);
      rows.push({
        scenario: `room reads at ${config.readRate.toLocaleString('en')}/s`,
        database: db,
        ...figures(run.load),
        ratio: `${x(run.load.rps / config.readRate)} the rate asked`,
        target: `p95 < ${targets.roomReadP95Ms} ms`,
        met: run.load.p95 < targets.roomReadP95Ms && failures(run.load) === 0 && run.load.rps >= config.readRate * 0.98,
        note: `Room reads on ${db}: /api/auth/me, /api/usercampaign, /api/usertests and a test's progress in turn; p95 by read: ${byRead}.`,
      });
    }
    belongTo('reads');

    const signInConnections = config.cores * 4;
    const signInSequence = new SignIns(world.arrivals, origin);
    if (wants('signin')) {
      // The sign-ins in turns with the hash rate they are compared with: the hash rate for a turn, the sign-ins for
      // one, and so on, ending with the hash rate, each pooled over its turns. On a machine shared with others the
      // hash rate moves by a tenth within seconds (233/s then 201/s around one 4 s run, 2026-11-29) and by a third
      // within minutes: one figure taken before the run, or the mean of one before and one after, compared the
      // sign-ins with another moment's machine.
      const slice = Math.max(2, config.seconds / 2);
      // Warm-up, as for the saves: in its first seconds the sign-in's own code (its statements, limits and answer) is
      // compiled by the JIT, which took about 0.4 ms of a sign-in's CPU then and 0.2 ms after (2026-11-28). Not measured.
      await signIns(base, signInSequence, signInConnections, 2);
      const recorder = new Recorder();
      const tally = cpuTally(server.pid, databaseCpu);
      const hashes: RateFigures[] = [];
      let run!: LoadResult;
      for (let turn = 0; turn < SIGN_IN_TURNS; turn++) {
        hashes.push(await passwordHash(slice, config.cores));
        run = await tally.during(() => signIns(base, signInSequence, signInConnections, slice, recorder));
      }
      hashes.push(await passwordHash(slice, config.cores));
      const hashRate = hashes.reduce((sum, h) => sum + h.rate * h.seconds, 0) / hashes.reduce((sum, h) => sum + h.seconds, 0);
      const cpu = tally.perRequest(run.requests);
      const rates = hashes.map((h) => h.rate.toFixed(0)).join(', ');
      log(
        `sign-in: ${describe(run)}${cpu ? `; server CPU per sign-in: ${describeCpu(cpu)}` : ''}; argon2id verifies in the turns between ${rates}/s, over all ${hashRate.toFixed(0)}/s`,
      );
      const ratio = run.rps / hashRate;
      rows.push({
        scenario: 'sign-in',
        database: db,
        ...figures(run),
        ratio: `${x(ratio)} argon2 verify`,
        target: `≥ ${targets.signInRatio}× the hash rate`,
        met: ratio >= targets.signInRatio && failures(run) === 0,
        note:
          `Sign-ins on ${db}, ${SIGN_IN_TURNS} turns of ${slice} s, against the argon2id verifications both cores allowed in turns of ${slice} s ` +
          `before, between and after them (${rates}/s), ${hashRate.toFixed(0)}/s over all` +
          (ctx.hashRate ? `; at the start of the bench ${ctx.hashRate.toFixed(0)}/s.` : '.'),
      });
      // Sign-ins at full speed must not starve the saves going on.
      const {
        result: [savesRun, signInsRun],
        disk,
      } = await watchingDisk(diskDir, () => Promise.all([savesAtRate(), signIns(base, signInSequence, signInConnections, config.seconds)]));
      const diskLine = diskNote(disk, savesRun, p99Target);
      log(
        `saves during sign-ins: ${describe(savesRun)}; sign-ins meanwhile: ${describe(signInsRun)}${diskLine ? `\n    ${diskLine}` : ''}`,
      );
      rows.push({
        scenario: `save progress at ${config.backgroundRate}/s, during sign-ins`,
        database: db,
        ...figures(savesRun),
        ratio: steady ? `${x(savesRun.p99 / steady.p99)} p99 alone` : undefined,
        target: `p99 ≤ ${p99Target} ms`,
        met: savesRun.p99 <= p99Target && failures(savesRun) === 0,
        note:
          `Saves during sign-ins on ${db}: ${Math.round(signInsRun.rps)} sign-ins/s went on meanwhile (p99 ${signInsRun.p99.toFixed(0)} ms, ${failures(signInsRun)} errors).` +
          (diskLine ? ` ${diskLine}` : ''),
      });
    }
    belongTo('signin');

    // The reports read the outcome tests' results: without the outcomes scenario, they are posted first, not measured.
    const reportsNeedOutcomes = !wants('outcomes') && (wants('report') || (config.growth && wants('growth')));
    if (reportsNeedOutcomes) {
      const run = await postOutcomes(base, origin, world, config.connections);
      if (failures(run.load) > 0 || run.problems.length > 0)
        throw new Error(`Posting the outcomes the reports need failed: ${run.problems.join('; ')}`);
    }

    if (wants('report')) {
      const page = await reportPage(base, origin, world, config.connections, config.seconds);
      log(`report page: ${describe(page)}`);
      rows.push({
        scenario: `report page data (${world.markers} markers)`,
        database: db,
        ...figures(page),
        target: 'no errors',
        met: failures(page) === 0,
      });
      const pdf = await reportPdf(base, origin, world, config.cores * 2, config.seconds);
      log(`report PDF: ${describe(pdf)}`);
      rows.push({ scenario: 'report PDF download', database: db, ...figures(pdf), target: 'no errors', met: failures(pdf) === 0 });
    }
    belongTo('report');

    if (wants('start')) await syncStartRows(rows, db, base, origin, world, saves, steady, p99Target, diskDir);
    belongTo('start');

    if (config.growth && wants('growth'))
      rows.push(...(await growthComparison({ kind, url, dir, server, world, saves, postgres: ctx.postgres })));
    belongTo('growth');
  } finally {
    await server.stop();
  }
  const problems = server.problems();
  if (problems.length) {
    log(`the server logged ${problems.length} errors: ${problems.slice(0, 3).join('\n    ')}`);
    rows.push({
      scenario: 'server errors logged',
      database: db,
      errors: problems.length,
      target: 'none',
      met: false,
      note: `The server on ${db} logged: ${problems.slice(0, 3).join(' / ').slice(0, 600)}`,
    });
  }
  return rows;
}

async function syncStartRows(
  rows: Row[],
  db: string,
  base: string,
  origin: string,
  world: World,
  saves: Saves,
  steady: LoadResult | undefined,
  p99Target: number,
  diskDir: string | undefined,
) {
  const { result: run, disk } = await watchingDisk(diskDir, () =>
    synchronisedStart(base, origin, world, saves, { windowSeconds: config.startSeconds, saveRate: config.backgroundRate }),
  );
  const diskLine = diskNote(disk, run.saves, p99Target);
  log(
    `synchronised start: ${run.opened}/${run.arrivals} opened their test, the last ${run.lastOpenedAt.toFixed(1)} s after the first arrival; ` +
      `sign-in to test open p50 ${run.p50.toFixed(0)} ms, p95 ${run.p95.toFixed(0)} ms, p99 ${run.p99.toFixed(0)} ms; ${run.errors.length} errors${run.errors.length ? ` (${run.errors.slice(0, 3).join('; ')})` : ''}`,
  );
  log(`saves meanwhile: ${describe(run.saves)}${diskLine ? `\n    ${diskLine}` : ''}`);
  rows.push({
    scenario: `synchronised start: ${run.arrivals.toLocaleString('en')} sign in and open a test`,
    database: db,
    rps: run.opened / config.startSeconds,
    p50: run.p50,
    p95: run.p95,
    p99: run.p99,
    errors: run.arrivals - run.opened,
    target: `all within ${config.startSeconds} s`,
    met: run.opened === run.arrivals && run.lastOpenedAt <= config.startSeconds,
    note:
      `Synchronised start on ${db}: arrivals evenly over ${Math.round(config.startSeconds * 0.9)} s, each signing in, entering the campaign, listing its tests and ` +
      `opening the timed test (latencies: the four calls together); the last test was open ${run.lastOpenedAt.toFixed(1)} s after the first arrival.` +
      (run.errors.length ? ` Errors: ${run.errors.slice(0, 3).join('; ')}` : ''),
  });
  rows.push({
    scenario: `save progress at ${config.backgroundRate}/s, during the start`,
    database: db,
    ...figures(run.saves),
    ratio: steady ? `${x(run.saves.p99 / steady.p99)} p99 alone` : undefined,
    target: `p99 ≤ ${p99Target} ms`,
    met: run.saves.p99 <= p99Target && failures(run.saves) === 0,
    note: diskLine && `Saves during the start on ${db}. ${diskLine}`,
  });
}

interface SaveRoundsContext {
  kind: DatabaseKind;
  /** The CPU the database server has spent so far (PostgreSQL's own cluster); none for SQLite, which is in the server. */
  databaseCpu?: () => number | undefined;
  url: string;
  server: BuiltServer;
  saves: Saves;
  saveKinds: readonly WriteKind[];
  p99Target: number;
  durable: boolean;
  newDatabase(name: string): Promise<string>;
}

/**
 * The app's saves against the minimal group-commit server, in turns: `BENCH_SAVE_ROUNDS` rounds of the
 * baseline, then each kind of save, each pooled over its rounds. On a shared host the machine's speed moves
 * within a minute; one run of each after the other compared two moments as much as two servers. Answers
 * the baseline's saves/s (other scenarios are put beside it).
 */
async function saveRounds(rows: Row[], db: string, c: SaveRoundsContext): Promise<number> {
  const target = await c.newDatabase('bench_group_commit');
  const baseline = await startGroupCommit(c.kind, target.replace(/^sqlite:/, ''), config.candidates, config.connections);
  try {
    return await savesInTurns(rows, db, c, baseline);
  } finally {
    await baseline.stop();
  }
}

async function savesInTurns(rows: Row[], db: string, c: SaveRoundsContext, baseline: RunningBaseline): Promise<number> {
  const { connections, seconds } = config;
  const group = { recorder: new Recorder(), cpu: cpuTally(baseline.pid, c.databaseCpu) };
  const app = new Map(
    c.saveKinds.map((k) => [k, { recorder: new Recorder(), cpu: cpuTally(c.server.pid, c.databaseCpu), problems: [] as string[] }]),
  );
  let groupRun: LoadResult | undefined;
  const appRuns = new Map<WriteKind, LoadResult>();
  for (let round = 0; round < config.saveRounds; round++) {
    groupRun = await group.cpu.during(() =>
      closedLoop({ base: baseline.base, connections, seconds, next: () => baseline.saves.next(), recorder: group.recorder }),
    );
    for (const [k, pooled] of app) {
      const run = await pooled.cpu.during(() =>
        closedLoop({ base: c.server.base, connections, seconds, next: () => c.saves.next(k), recorder: pooled.recorder }),
      );
      appRuns.set(k, run);
      // Checked after each run: the next kind's saves change what the database holds.
      pooled.problems.push(...(await c.saves.check(c.url, k)));
    }
  }
  const groupCpu = group.cpu.perRequest(groupRun!.requests);
  log(`baseline, group commit: ${describe(groupRun!)}${groupCpu ? `; its CPU per save: ${describeCpu(groupCpu)}` : ''}`);
  rows.push({ scenario: 'baseline: minimal group-commit server, saves', database: db, ...figures(groupRun!) });
  for (const [k, pooled] of app) {
    const run = appRuns.get(k)!;
    const { problems } = pooled;
    const cpu = pooled.cpu.perRequest(run.requests);
    const name = `save progress (${k})`;
    log(
      `${name}: ${describe(run)}; ${problems.length ? `${problems.length} problems: ${problems.slice(0, 3).join('; ')}` : 'every candidate holds the highest version acknowledged'}` +
        (cpu ? `; server CPU per save: ${describeCpu(cpu)}` : ''),
    );
    const ratio = run.rps / groupRun!.rps;
    const errors = failures(run) + problems.length;
    rows.push({
      scenario: name,
      database: db,
      ...figures(run),
      errors,
      ratio: `${x(ratio)} group commit`,
      target: `≥ ${targets.saveRatio}×, p99 ≤ ${c.p99Target} ms, durable`,
      met: ratio >= targets.saveRatio && run.p99 <= c.p99Target && errors === 0 && c.durable,
      note: problems.length
        ? `${name} on ${db}: ${problems.length} candidates do not hold their highest acknowledged version: ${problems.slice(0, 3).join('; ')}`
        : // Tells the server's own cost apart from the load generator's, which shares the machine.
          `${name} on ${db}, ${config.saveRounds} rounds of ${seconds} s in turn with the minimal group-commit server` +
          (cpu ? `; the server's CPU per save: ${describeCpu(cpu)}` : '') +
          (groupCpu ? `; the minimal group-commit server's: ${describeCpu(groupCpu)}.` : '.'),
    });
  }
  return groupRun!.rps;
}
