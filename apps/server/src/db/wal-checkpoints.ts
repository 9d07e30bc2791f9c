import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

const CHECKPOINT_INTERVAL_MS = 1_000;

// Runs in a worker thread with a connection of its own (CommonJS: an eval'd worker has `require`).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = FULL');
/** Runs a pragma that waits at most ms milliseconds for the locks it needs. */
const waitingUpTo = (ms, pragma) => {
  db.pragma('busy_timeout = ' + ms);
  db.pragma(pragma);
};
const timer = setInterval(() => {
  try {
    // Most of the log, while the server goes on writing (a passive checkpoint never waits).
    db.pragma('wal_checkpoint(PASSIVE)');
    // The commits made meanwhile, with the server's writes held back: the log is then wholly in the database file,
    // and the server's next commit writes it again from its start. Under steady saves there is always a commit during
    // a passive checkpoint, and the log would otherwise grow for as long as they go on. This step holds writes back
    // while it waits for a reader of an older snapshot: not for long; the next round tries again.
    waitingUpTo(5, 'wal_checkpoint(FULL)');
  } catch {}
}, workerData.intervalMs);
// Statistics for the query planner (0x10002: every table that needs them), soon after start and hourly, from a
// sample of each index (analysis_limit, as SQLite advises): a third of a second on a million rows unbounded, 30 ms so.
db.pragma('analysis_limit = 400');
const optimize = () => {
  try {
    waitingUpTo(1000, 'optimize = 0x10002');
  } catch {}
};
const first = setTimeout(optimize, 10000);
const hourly = setInterval(optimize, 3600000);
parentPort.on('message', () => {
  clearInterval(timer);
  clearTimeout(first);
  clearInterval(hourly);
  db.close();
  parentPort.close();
});
`;

/**
 * SQLite copies its write-ahead log into the database file at a checkpoint. By default the commit
 * that grows the log past 1,000 pages does it, and so a save now and then waits for it. Here the
 * server's connection never checkpoints; a worker thread does, every second (`intervalMs`), writers held
 * back only for the last commits' pages, so that the log is written again from its start: it stays at about
 * a second of writes however long they go on. It also keeps the query planner's statistics current
 * (`pragma optimize`).
 */
export function startWalCheckpoints(database: SQLite.Database, file: string, intervalMs = CHECKPOINT_INTERVAL_MS) {
  database.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3'), intervalMs },
  });
  worker.unref();
  worker.on('error', (error) => console.warn(`SQLite checkpoints stopped: ${error.message}`));
  // A worker that failed has exited already (once() rejects on its 'error').
  const exited = once(worker, 'exit').catch(() => {});
  return {
    async stop() {
      // Held until it has closed its connection (unref'd, the process could end first).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
