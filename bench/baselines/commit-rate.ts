// Baseline: the bare database's durable commit rate: single-row commits one after the other, on SQLite
// (WAL, synchronous = FULL) or PostgreSQL (its default synchronous_commit). What one connection's commits
// cost with nothing batched. Sends { commits, seconds, p50, p95, p99 } (ms) to the parent and ends.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { percentile } from '../load/stats';

const [kind, target, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg);
const latencies: number[] = [];
const payload = 'x'.repeat(200);
const start = performance.now();
const until = start + seconds * 1000;

if (kind === 'sqlite') {
  const db = new SQLite(target);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('create table if not exists commits (id integer primary key, data text not null)');
  const insert = db.prepare('insert into commits (data) values (?)');
  while (performance.now() < until) {
    const t = performance.now();
    insert.run(payload);
    latencies.push(performance.now() - t);
  }
  db.close();
} else {
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  await client.query('create table if not exists commits (id serial primary key, data text not null)');
  while (performance.now() < until) {
    const t = performance.now();
    await client.query('insert into commits (data) values ($1)', [payload]);
    latencies.push(performance.now() - t);
  }
  await client.end();
}
const elapsed = (performance.now() - start) / 1000;
latencies.sort((a, b) => a - b);
// Ends once the parent has the figures (an open IPC channel would keep the process alive).
process.send?.(
  {
    commits: latencies.length / elapsed,
    seconds: elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
  },
  () => process.exit(0),
);
