import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';

// Runs in a worker thread with a connection of its own (CommonJS: an eval'd worker has `require`).
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
const runAll = db.transaction((queries) =>
  queries.map(({ sql, parameters }) => {
    const statement = prepared(sql);
    return statement.reader ? statement.all(...parameters) : (statement.run(...parameters), []);
  }),
);
parentPort.on('message', (message) => {
  if (message === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({ id: message.id, rows: runAll.immediate(message.queries) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: error.message, code: error.code } });
  }
});
`;

type Rows = Record<string, unknown>[];

/**
 * Writes whose commit waits for the disk, done by a worker thread with its own connection: while it
 * syncs one group, the server keeps answering requests and gathering the next group (on the server's
 * own thread, better-sqlite3 would block everything for the length of each sync).
 */
export function startSqliteWriter(file: string) {
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3') } });
  worker.unref();
  const pending = new Map<number, { resolve(rows: Rows[]): void; reject(error: Error): void }>();
  let nextId = 0;
  let failure: Error | null = null;

  worker.on('message', (message: { id: number; rows?: Rows[]; error?: { message: string; code?: string } }) => {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    if (!waiting) return;
    if (message.error) waiting.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
    else waiting.resolve(message.rows!);
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

  return {
    /** Runs the queries in one immediate transaction, committed to the disk; their rows, in order. */
    run(queries: readonly CompiledQuery[]): Promise<Rows[]> {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      // Held while a group is on its way: the process must not end with a save unanswered.
      if (pending.size === 0) worker.ref();
      return new Promise<Rows[]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, queries: queries.map(({ sql, parameters }) => ({ sql, parameters })) });
      });
    },
    async stop() {
      if (failure) return;
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
export type SqliteWriter = ReturnType<typeof startSqliteWriter>;
