// `npm run bench`: every hot path of the app, measured over the built server in its own process, on SQLite
// and on PostgreSQL, beside the machine's baselines measured in the same run; one table at the end
// (docs/performance.md, "Server benchmark"), then Lighthouse on a slow phone (lighthouse.ts).
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { shippedNodeFlags } from '@prova/test-support/shipped-server';
import { commitRate, emptyRoute, passwordHash } from './baselines/measure';
import { ensureBuilt } from './build';
import { serverDurability } from './built-server';
import { config, targets, wants } from './config';
import { benchDatabase } from './database-run';
import { describe } from './load/stats';
import { describeCpu } from './load/process-cpu';
import { installSystemDeps } from './processes';
import { machineLine, settle } from './machine';
import { type PostgresServer, postgresInstalled, startPostgres } from './postgres';
import { adaptiveNext, describeAdaptiveNext } from './scenarios/adaptive-next';
import { describeItemAnalysis, itemAnalysisScenario } from './scenarios/item-analysis';
import { describeQtiScoring, qtiScoring } from './scenarios/qti-scoring';
import { reportComputation } from './scenarios/report-computation';
import { commitMeasured, figures, label, type Row, scenarioRows, textTable, writeTables } from './table';

const started = performance.now();
const rows: Row[] = [];
const belongTo = scenarioRows(rows);
const runDir = mkdtempSync(join(tmpdir(), 'prova-bench-'));
let postgres: PostgresServer | undefined;

console.log(await ensureBuilt());
// The scenarios over the built server (database-run.ts): none asked for, no database seeded nor server started.
const serverScenarios = ['save', 'status', 'background', 'outcomes', 'logs', 'reads', 'signin', 'report', 'start', 'growth'];
// Only these use a database: the in-process ones (compute, qti, adaptive) start no PostgreSQL.
const onPostgres = config.databases.includes('postgres') && ['baselines', 'analysis', ...serverScenarios].some(wants);
const needsPostgres = onPostgres && !config.postgresUrl;
const chrome = process.env.BENCH_CHROME_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
if ((needsPostgres && !postgresInstalled()) || (config.lighthouse && !existsSync(chrome))) console.log(await installSystemDeps());
try {
  if (onPostgres) {
    postgres = await startPostgres(config.postgresUrl, mkdtempSync(join(tmpdir(), 'prova-bench-pg-')));
  }
  const pgSettings = await postgres?.settings();
  const durability = serverDurability();
  const machine = machineLine(pgSettings?.version);
  const durable = {
    sqlite: durability.sqliteDurable,
    postgres: !!pgSettings && pgSettings.fsync === 'on' && pgSettings.synchronousCommit !== 'off' && !durability.postgresAsync,
  };
  const settingsLine =
    `Server: the build of apps/server/dist, as it ships (node ${[...shippedNodeFlags(), ...config.nodeFlags].join(' ')}; SQLite synchronous=${durability.sqliteSynchronous}` +
    (pgSettings
      ? `; PostgreSQL fsync=${pgSettings.fsync}, synchronous_commit=${pgSettings.synchronousCommit}` +
        (durability.postgresAsync
          ? ', turned off by the server'
          : durability.postgresCountsUnsynced
            ? ", off on the server's connection for the limits' counts and new sessions, and for a sign-in's own count and session"
            : '')
      : '') +
    `; LOG_LEVEL=${config.logLevel}), ${config.candidates} candidates saving, ${config.connections} connections, ${config.seconds} s a scenario; load, server and database on the same machine.`;
  console.log(`${machine}\n${settingsLine}`);

  let hashRate: number | undefined;
  if (wants('baselines') || wants('signin')) {
    console.log('\nBaselines');
    const empty = await emptyRoute(config.candidates, config.connections, config.seconds);
    console.log(`  empty Fastify route: ${describe(empty)}${empty.cpu ? `; its CPU per request: ${describeCpu(empty.cpu)}` : ''}`);
    rows.push({ scenario: 'baseline: empty Fastify route', database: '—', ...figures(empty) });
    const hash = await passwordHash(Math.max(3, config.seconds), config.cores);
    hashRate = hash.rate;
    console.log(`  argon2id verify, ${config.cores} at once: ${hash.rate.toFixed(0)}/s, p50 ${hash.p50.toFixed(1)} ms`);
    rows.push({
      scenario: `baseline: argon2id verify, ${config.cores} at once`,
      database: '—',
      rps: hash.rate,
      p50: hash.p50,
      p95: hash.p95,
      p99: hash.p99,
    });
    for (const kind of config.databases) {
      const target = kind === 'sqlite' ? join(runDir, 'commit-rate.db') : await postgres!.createDatabase('bench_commits');
      const commits = await commitRate(kind, target, 3);
      console.log(`  ${label(kind)} durable commits, one at a time: ${commits.rate.toFixed(0)}/s, p50 ${commits.p50.toFixed(2)} ms`);
      rows.push({
        scenario: 'baseline: durable single-row commits, one at a time',
        database: label(kind),
        rps: commits.rate,
        p50: commits.p50,
        p95: commits.p95,
        p99: commits.p99,
      });
    }
    belongTo('baselines');
  }

  if (wants('compute')) {
    const { compute, pdf, markers } = await reportComputation(
      Number(process.env.BENCH_REPORT_RUNS ?? 500),
      Number(process.env.BENCH_PDF_RUNS ?? 30),
    );
    console.log(
      `\nReport computation, ${markers} markers: p50 ${compute.p50.toFixed(2)} ms, p95 ${compute.p95.toFixed(2)} ms; PDF: p50 ${pdf.p50.toFixed(0)} ms, p95 ${pdf.p95.toFixed(0)} ms`,
    );
    rows.push({
      scenario: `report computation, ${markers} markers (in process)`,
      database: '—',
      rps: 1000 / compute.p50,
      p50: compute.p50,
      p95: compute.p95,
      p99: compute.p99,
      target: `p95 < ${targets.reportComputeP95Ms} ms`,
      met: compute.p95 < targets.reportComputeP95Ms,
    });
    rows.push({
      scenario: `report PDF rendering, ${markers} markers (in process)`,
      database: '—',
      rps: 1000 / pdf.p50,
      p50: pdf.p50,
      p95: pdf.p95,
      p99: pdf.p99,
      target: `p95 < ${targets.pdfRenderP95Ms} ms`,
      met: pdf.p95 < targets.pdfRenderP95Ms,
    });
    belongTo('compute');
  }

  if (wants('qti')) {
    const qti = qtiScoring(40, Number(process.env.BENCH_QTI_RUNS ?? 3000));
    console.log(`\n${describeQtiScoring(qti)}`);
    rows.push({
      scenario: `QTI scoring, a ${qti.items}-item test (in process, one core; req/s: items a second)`,
      database: '—',
      rps: qti.itemsPerSecond,
      p50: qti.p50,
      p95: qti.p95,
      p99: qti.p99,
      target: `p95 < ${targets.qtiTestScoreP95Ms} ms`,
      met: qti.p95 < targets.qtiTestScoreP95Ms,
    });
    belongTo('qti');
  }

  if (wants('adaptive')) {
    // An aim (a candidate's wait under 25 ms at p99): marked met or not, as every row; no row fails the run.
    const next = adaptiveNext(200, 500);
    console.log(`\n${describeAdaptiveNext(next)}`);
    rows.push({
      scenario: `adaptive next item, ${next.bank}-item bank, ${next.candidates} answering at once (in process; p50: one computation, p99: a candidate's wait)`,
      database: '—',
      rps: 1000 / next.p50,
      p50: next.p50,
      p99: next.burstP99,
      target: `aim: p99 < ${targets.adaptiveNextP99Ms} ms`,
      met: next.burstP99 < targets.adaptiveNextP99Ms,
    });
    belongTo('adaptive');
  }

  if (wants('analysis')) {
    for (const kind of config.databases) {
      const url = kind === 'sqlite' ? `sqlite:${join(runDir, 'analysis.db')}` : await postgres!.createDatabase('bench_analysis');
      const t = await itemAnalysisScenario(url, config.analysisAttempts);
      console.log(`\n${label(kind)}: ${describeItemAnalysis(t)}`);
      // Bounded: what the analysis holds at its peak over all the attempts is within a few MB of a tenth's.
      const bounded = t.live.big <= t.live.small + 8;
      rows.push({
        scenario: `item analysis, ${t.big.attempts.toLocaleString('en')} attempts of a 50-item QTI test (in process, through the repository; req/s: attempts a second; p50: the run)`,
        database: label(kind),
        rps: (t.big.attempts / t.big.ms) * 1000,
        p50: t.big.ms,
        ratio: `heap held +${t.live.big.toFixed(1)} MB (a tenth: +${t.live.small.toFixed(1)} MB)`,
        target: `< ${targets.itemAnalysisMs / 1000} s, memory bounded`,
        met: t.big.ms < targets.itemAnalysisMs && bounded,
        note:
          `Item analysis on ${label(kind)}: ${describeItemAnalysis(t)}. Peak RSS and heap are sampled after each page of the read ` +
          `(the heap with its garbage not yet collected; "held": collected after each page).`,
      });
    }
    belongTo('analysis');
  }

  if (serverScenarios.some(wants))
    for (const kind of config.databases) {
      rows.push(...(await benchDatabase({ kind, runDir, postgres, durable: durable[kind], hashRate })));
    }

  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  const header = `${machine}. ${settingsLine}`;
  console.log(`\n${textTable(rows, header)}\n\n(${minutes} min)`);
  if (config.writeDocs) {
    const root = resolve(import.meta.dirname, '..');
    const stamp = `${new Date().toISOString().slice(0, 10)}, ${commitMeasured(root)}`;
    for (const file of writeTables(join(root, 'docs/performance'), rows, header, stamp)) console.log(`Written to ${file}`);
  }
} finally {
  await postgres?.stop();
  rmSync(runDir, { recursive: true, force: true });
}

if (config.lighthouse) {
  // The scenarios' files are still being written to the disk, and their database shut down: wait for quiet.
  spawnSync('sync');
  const { waitedMs, busy } = await settle();
  console.log(
    `\nLighthouse (bench/lighthouse.ts), after ${(waitedMs / 1000).toFixed(0)} s of waiting for a quiet machine (${Math.round(busy * 100)} % busy)`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'lighthouse.ts')], { stdio: 'inherit' });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) process.exitCode = code ?? 1;
}
