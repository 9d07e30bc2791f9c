import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';
import { SQLITE_CACHE_PRAGMA } from './sqlite-cache';

// Runs in a worker thread with a connection of its own (CommonJS: an eval'd worker has `require`).
// Messages run in the order they come: the single writes that came together in one transaction, where
// each fails alone.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
db.pragma('wal_autocheckpoint = 0');
db.pragma(workerData.cachePragma);
const statements = new Map();
const prepared = (sql) => {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size > 500) statements.clear();
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
};
const errorOf = (error) => ({ message: error.message, code: error.code });
const runOne = ({ sql, parameters }) => {
  const statement = prepared(sql);
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { rows: [], changes, lastInsertRowid };
};
const runEach = db.transaction((queries) =>
  queries.map((query) => {
    try {
      return runOne(query);
    } catch (error) {
      // A failed statement undoes itself only, unless SQLite ended the whole transaction.
      if (!db.inTransaction) throw error;
      return { error: errorOf(error) };
    }
  }),
);
// A batch of single writes none of which needs the disk (limit counts) is committed without a sync: it survives the
// process's crash, not the machine's. The next durable commit syncs the log with it.
const unsynced = (run) => {
  db.pragma('synchronous = NORMAL');
  try {
    return run();
  } finally {
    db.pragma('synchronous = FULL');
  }
};
const steps = {
  each: (m) => (m.sync ? runEach.immediate(m.queries) : unsynced(() => runEach.immediate(m.queries))),
};
parentPort.on('message', (message) => {
  if (message === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({ id: message.id, results: steps[message.kind](message) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: errorOf(error) });
  }
});
`;

type Rows = Record<string, unknown>[];
/** What one statement did: its rows, or for a write its changes and the last inserted row id. */
export interface StatementResult {
  rows: Rows;
  changes?: number;
  lastInsertRowid?: number | bigint;
}
type WorkerResult = StatementResult & { error?: WorkerError };
interface WorkerError {
  message: string;
  code?: string;
}
interface Message {
  kind: 'each';
  queries: { sql: string; parameters: readonly unknown[] }[];
  /** Whether the commit waits for the disk. */
  sync?: boolean;
}

/** Who writes to the file now, in turn: the worker's single writes, or a group of the server's transactions. */
export interface WriteLane {
  acquire(): Promise<void>;
  release(): void;
}

/** Takers in the order they came, one at a time. */
export function turnTaking(): WriteLane {
  let busy = false;
  const waiting: (() => void)[] = [];
  return {
    async acquire() {
      if (busy) await new Promise<void>((resolve) => waiting.push(resolve));
      busy = true;
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else busy = false;
    },
  };
}

const asError = (error: WorkerError) => Object.assign(new Error(error.message), { code: error.code });
const plain = ({ sql, parameters }: CompiledQuery) => ({ sql, parameters });

/**
 * The connection that makes the server's single writes (a session, a limit's count), in a worker thread: while
 * it syncs a commit to the disk, the server keeps answering. Its commits are durable (synchronous = FULL) unless a
 * write says otherwise; concurrent writes share one commit. The server's transactions and groups of writes (saves,
 * log entries) run on a connection of the server's thread (db/sqlite-transactions.ts); the lane takes the two in
 * turn, so neither ever waits for SQLite's write lock held by the other.
 */
export function startSqliteWriter(file: string) {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file, cachePragma: SQLITE_CACHE_PRAGMA, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  worker.unref();
  const pending = new Map<number, { resolve(results: WorkerResult[]): void; reject(error: Error): void }>();
  let nextId = 0;
  let failure: Error | null = null;

  worker.on('message', (message: { id: number; results?: WorkerResult[]; error?: WorkerError }) => {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    if (!waiting) return;
    if (message.error) waiting.reject(asError(message.error));
    else waiting.resolve(message.results!);
  });
  const fail = (error: Error) => {
    failure = error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(failure ?? new Error('The SQLite writer stopped')));
  // A worker that failed has exited already (once() rejects on its 'error').
  const exited = once(worker, 'exit').catch(() => {});

  function send(message: Message): Promise<WorkerResult[]> {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    // Held while a message is on its way: the process must not end with a write unanswered.
    if (pending.size === 0) worker.ref();
    return new Promise<WorkerResult[]>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }

  // The lane: one writer of the file at a time, in turn. A group of the server's transactions holds it from its
  // begin to its commit (db/sqlite-transactions.ts).
  const lane = turnTaking();
  const { acquire, release } = lane;

  // Single writes that arrive while the lane is busy go together, each failing alone.
  let singles: { query: CompiledQuery; sync: boolean; resolve(result: StatementResult): void; reject(error: Error): void }[] = [];
  let flushing = false;
  async function flushSingles() {
    await acquire();
    const batch = singles;
    singles = [];
    flushing = false;
    try {
      const sync = batch.some((s) => s.sync);
      const results = await send({ kind: 'each', queries: batch.map((s) => plain(s.query)), sync });
      batch.forEach((s, i) => (results[i].error ? s.reject(asError(results[i].error)) : s.resolve(results[i])));
    } catch (error) {
      for (const s of batch) s.reject(error as Error);
    } finally {
      release();
    }
  }

  return {
    /**
     * One write, committed with whatever other single writes came meanwhile: to the disk, or with `sync: false`
     * only as far as the operating system (it outlives the process, not a crash of the machine) unless another
     * write of the same commit needs the disk.
     */
    write(query: CompiledQuery, { sync = true }: { sync?: boolean } = {}): Promise<StatementResult> {
      return new Promise((resolve, reject) => {
        singles.push({ query, sync, resolve, reject });
        if (flushing) return;
        flushing = true;
        setImmediate(() => void flushSingles());
      });
    },

    lane,

    async stop() {
      if (failure) return;
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
export type SqliteWriter = ReturnType<typeof startSqliteWriter>;
