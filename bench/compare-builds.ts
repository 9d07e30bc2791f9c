// `npm run bench:compare -- dist dist-before`: two or more builds of the server (folders beside dist/, each a copy of
// a build) and the minimal group-commit server take saves in short turns, each round in the other order, so that a
// slow phase of the host falls on all of them alike. Prints each build's median saves/s, its median ratio to the
// minimal server and its main thread's CPU a save as a multiple of the minimal server's, round by round. A change
// worth a few per cent shows here where the full bench's three rounds cannot tell it from the noise.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startGroupCommit } from './baselines/measure';
import { BuiltServer } from './built-server';
import { config, type DatabaseKind } from './config';
import { closedLoop } from './load/closed-loop';
import { cpuTally } from './load/process-cpu';
import { percentile } from './load/stats';
import { type PostgresServer, postgresInstalled, startPostgres } from './postgres';
import { installSystemDeps } from './processes';
import { shippedBundles } from '@prova/test-support/shipped-server';
import { Saves } from './scenarios/save-progress';
import { seed } from './seed';
import { label } from './table';

const { compareRounds: rounds, compareSeconds: seconds } = config;
const folders = process.argv.slice(2);
const serverRoot = resolve(import.meta.dirname, '../apps/server');
if (folders.length < 2 || folders.some((f) => !existsSync(shippedBundles(join(serverRoot, f)).server))) {
  console.error('usage: npm run bench:compare -- <build folder> <build folder> [...]');
  console.error(`each a folder of apps/server holding a build's server.js (cp -r dist dist-before, then build again)`);
  process.exit(2);
}

interface Contender {
  name: string;
  base: string;
  pid: number | undefined;
  saves: Saves;
  stop(): Promise<void>;
  check?: () => Promise<string[]>;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

async function compareOn(kind: DatabaseKind, runDir: string, postgres: PostgresServer | undefined): Promise<void> {
  const newDatabase = (name: string) => (kind === 'sqlite' ? `sqlite:${join(runDir, `${name}.db`)}` : postgres!.createDatabase(name));
  const contenders: Contender[] = [];
  try {
    for (const [i, folder] of folders.entries()) {
      const url = await newDatabase(`compare_${i}`);
      const dir = mkdtempSync(join(runDir, `build-${i}-`));
      const world = await seed(url, dir, config.candidates, 0);
      const server = await BuiltServer.start(url, dir, `prova-${kind}-${i}`, undefined, join(serverRoot, folder));
      const saves = new Saves(world.savers, server.origin);
      contenders.push({
        name: folder,
        base: server.base,
        pid: server.pid,
        saves,
        stop: () => server.stop(),
        check: () => saves.check(url, 'data'),
      });
      // Warm-up (the JIT, the caches, the connections): not measured.
      await closedLoop({ base: server.base, connections: config.connections, seconds: 2, next: () => saves.next() });
    }
    // The minimal server takes a file on SQLite, a URL on PostgreSQL.
    const target = kind === 'sqlite' ? join(runDir, 'compare_baseline.db') : await newDatabase('compare_baseline');
    const baseline = await startGroupCommit(kind, target, config.candidates, config.connections);
    contenders.push({ name: 'minimal group-commit server', ...baseline });

    const rates = contenders.map(() => [] as number[]);
    const mainCpu = contenders.map(() => [] as number[]);
    const databaseCpu = contenders.map(() => [] as number[]);
    for (let round = 0; round < rounds; round++) {
      const order = contenders.map((_, i) => i);
      if (round % 2 === 1) order.reverse();
      for (const i of order) {
        const c = contenders[i];
        const tally = cpuTally(c.pid, kind === 'postgres' ? postgres?.cpuTime : undefined);
        const run = await tally.during(() =>
          closedLoop({ base: c.base, connections: config.connections, seconds, next: () => c.saves.next() }),
        );
        rates[i].push(run.requests / seconds);
        const cpu = tally.perRequest(run.requests);
        mainCpu[i].push(cpu?.main ?? Number.NaN);
        databaseCpu[i].push(cpu?.database ?? Number.NaN);
      }
    }

    const last = contenders.length - 1;
    console.log(`\n${label(kind)}: data saves, ${rounds} rounds of ${seconds} s each, ${config.connections} connections`);
    // PostgreSQL's processes, measured during each one's turns (SQLite runs inside the server).
    const database = (i: number) =>
      databaseCpu[i].every(Number.isFinite) ? `; the database ${median(databaseCpu[i]).toFixed(1)} µs a save` : '';
    for (const [i, c] of contenders.entries()) {
      if (i === last) {
        console.log(
          `  ${c.name}: ${median(rates[i]).toFixed(0)} saves/s, main thread ${median(mainCpu[i]).toFixed(1)} µs a save${database(i)}`,
        );
        continue;
      }
      const ratios = rates[i].map((rate, r) => rate / rates[last][r]);
      const cpu = mainCpu[i].map((µs, r) => µs / mainCpu[last][r]);
      const problems = (await c.check?.()) ?? [];
      console.log(
        `  ${c.name}: ${median(rates[i]).toFixed(0)} saves/s, ${median(ratios).toFixed(2)}× the minimal server ` +
          `(by round ${ratios.map((x) => x.toFixed(2)).join(' ')}), main thread ${median(cpu).toFixed(2)}× its CPU a save` +
          database(i) +
          (problems.length > 0 ? `; ${problems.length} saves not as acknowledged, e.g. ${problems[0]}` : '; every acknowledged save kept'),
      );
    }
  } finally {
    for (const c of contenders) await c.stop();
  }
}

const runDir = mkdtempSync(join(tmpdir(), 'prova-compare-'));
let postgres: PostgresServer | undefined;
try {
  if (config.databases.includes('postgres') && !config.postgresUrl && !postgresInstalled()) console.log(await installSystemDeps());
  if (config.databases.includes('postgres'))
    postgres = await startPostgres(config.postgresUrl, mkdtempSync(join(tmpdir(), 'prova-compare-pg-')));
  for (const kind of config.databases) await compareOn(kind, runDir, postgres);
} finally {
  await postgres?.stop();
  rmSync(runDir, { recursive: true, force: true });
}
