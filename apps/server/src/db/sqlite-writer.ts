import { once } from 'node:events';
import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';

// Runs in a worker thread with a connection of its own (CommonJS: an eval'd worker has `require`).
// Messages run in the order they come: a group in a transaction of its own, single writes in one
// transaction where each fails alone, and the steps of an open transaction of the server's.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
db.pragma('wal_autocheckpoint = 0');
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
const runGroup = db.transaction((queries) => queries.map(runOne));
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
const steps = {
  group: (m) => runGroup.immediate(m.queries),
  each: (m) => runEach.immediate(m.queries),
  begin: () => (prepared('begin immediate').run(), []),
  // Without waiting: when another process holds the write lock, says so (the server then waits without blocking).
  tryBegin: () => {
    db.pragma('busy_timeout = 0');
    try {
      prepared('begin immediate').run();
      return [{ rows: [] }];
    } catch (error) {
      if (error.code === 'SQLITE_BUSY') return [{ rows: [], busy: true }];
      throw error;
    } finally {
      db.pragma('busy_timeout = 5000');
    }
  },
  query: (m) => [runOne(m.query)],
  commit: () => (prepared('commit').run(), []),
  rollback: () => (db.inTransaction && prepared('rollback').run(), []),
};
// The steps of an open transaction come on a port of their own, and the server's thread waits for each
// answer (a statement under the write lock takes microseconds; a thread hop each would hold the lock
// for an event loop turn each).
const signal = new Int32Array(workerData.signal);
workerData.steps.on('message', (message) => {
  let answer;
  try {
    answer = { results: steps[message.kind](message) };
  } catch (error) {
    answer = { error: errorOf(error) };
  }
  workerData.steps.postMessage(answer);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
parentPort.on('message', (message) => {
  if (message === 'stop') {
    workerData.steps.close();
    if (db.inTransaction) db.prepare('rollback').run();
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
type WorkerResult = StatementResult & { error?: WorkerError; busy?: boolean };
interface WorkerError {
  message: string;
  code?: string;
}
type Message =
  | { kind: 'group' | 'each'; queries: { sql: string; parameters: readonly unknown[] }[] }
  | { kind: 'query'; query: { sql: string; parameters: readonly unknown[] } }
  | { kind: 'begin' | 'tryBegin' | 'commit' | 'rollback' };

/** A transaction of the server's, open in the worker: no other write runs until it ends. */
export interface WriterTransaction {
  query(query: CompiledQuery): Promise<StatementResult>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/** A step under the write lock takes microseconds; this long means the worker is gone. */
const STEP_TIMEOUT_MS = 30_000;

const asError = (error: WorkerError) => Object.assign(new Error(error.message), { code: error.code });
const plain = ({ sql, parameters }: CompiledQuery) => ({ sql, parameters });

/**
 * The one connection that writes to the SQLite file, in a worker thread. Every write of the server goes
 * through it (db/sqlite-driver.ts sends it whatever is not a read): while it waits for the write lock or
 * syncs a commit to the disk, the server keeps answering, and the server's own thread never waits for a
 * lock (on it, better-sqlite3 would stop everything for the length of each wait and sync). Its commits
 * are durable (synchronous = FULL); concurrent writes share one commit.
 */
export function startSqliteWriter(file: string) {
  const { port1: steps, port2: workerSteps } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3'), steps: workerSteps, signal: signal.buffer },
    transferList: [workerSteps],
  });
  worker.unref();
  steps.unref();
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

  /** A step of an open transaction, answered before this returns (see the worker's `steps` port). */
  function step(message: Message): WorkerResult[] {
    if (failure) throw failure;
    Atomics.store(signal, 0, 0);
    steps.postMessage(message);
    // Woken only by this step's answer: the worker's notify of the step before may come late (after its answer was
    // seen without waiting), and finds the flag still down.
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    while (Atomics.load(signal, 0) === 0) {
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(signal, 0, 0, left) === 'timed-out')
        throw new Error('The SQLite writer did not answer a transaction step');
    }
    const answer = receiveMessageOnPort(steps)?.message as { results?: WorkerResult[]; error?: WorkerError } | undefined;
    if (!answer) throw new Error('The SQLite writer answered nothing');
    if (answer.error) throw asError(answer.error);
    return answer.results!;
  }

  // The lane: one user of the connection at a time, in turn. A transaction holds it from begin to end;
  // anything sent meanwhile would run inside it.
  let laneBusy = false;
  const laneWaiting: (() => void)[] = [];
  const acquire = async () => {
    if (laneBusy) await new Promise<void>((resolve) => laneWaiting.push(resolve));
    laneBusy = true;
  };
  const release = () => {
    const next = laneWaiting.shift();
    if (next) next();
    else laneBusy = false;
  };
  async function inLane<T>(work: () => Promise<T>): Promise<T> {
    await acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }

  // Single writes that arrive while the lane is busy go together, each failing alone.
  let singles: { query: CompiledQuery; resolve(result: StatementResult): void; reject(error: Error): void }[] = [];
  let flushing = false;
  async function flushSingles() {
    await acquire();
    const batch = singles;
    singles = [];
    flushing = false;
    try {
      const results = await send({ kind: 'each', queries: batch.map((s) => plain(s.query)) });
      batch.forEach((s, i) => (results[i].error ? s.reject(asError(results[i].error)) : s.resolve(results[i])));
    } catch (error) {
      for (const s of batch) s.reject(error as Error);
    } finally {
      release();
    }
  }

  return {
    /** Runs the queries in one immediate transaction, committed to the disk; their rows, in order. */
    async run(queries: readonly CompiledQuery[]): Promise<Rows[]> {
      const results = await inLane(() => send({ kind: 'group', queries: queries.map(plain) }));
      return results.map((r) => r.rows);
    },

    /** One write, committed to the disk, with whatever other single writes came meanwhile. */
    write(query: CompiledQuery): Promise<StatementResult> {
      return new Promise((resolve, reject) => {
        singles.push({ query, resolve, reject });
        if (flushing) return;
        flushing = true;
        setImmediate(() => void flushSingles());
      });
    },

    /** Opens a transaction (waiting for the write lock); nothing else writes until it ends. */
    async begin(): Promise<WriterTransaction> {
      await acquire();
      try {
        // Begun, run and ended in the server's turn: the lock is held for the statements and the sync to
        // disk, not for event loop turns. Only a lock held by another process is waited for asynchronously.
        if (step({ kind: 'tryBegin' })[0].busy) await send({ kind: 'begin' });
      } catch (error) {
        release();
        throw error;
      }
      let open = true;
      const end = async (kind: 'commit' | 'rollback') => {
        if (!open) return;
        open = false;
        try {
          step({ kind });
        } catch (error) {
          // A failed commit leaves the transaction open in the worker: end it before the lane goes on.
          if (kind === 'commit') {
            try {
              step({ kind: 'rollback' });
            } catch {
              // the worker is gone: nothing left open
            }
          }
          throw error;
        } finally {
          release();
        }
      };
      return {
        query: async (query) => step({ kind: 'query', query: plain(query) })[0],
        commit: () => end('commit'),
        rollback: () => end('rollback'),
      };
    },

    async stop() {
      if (failure) return;
      worker.ref();
      worker.postMessage('stop');
      await exited;
      steps.close();
    },
  };
}
export type SqliteWriter = ReturnType<typeof startSqliteWriter>;
