import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { SQLITE_CACHE_PRAGMA } from './sqlite-cache';
import { withStatementCache } from './statement-cache';

/** How long a write waits for the write lock another process holds (the importer beside the server). */
const BUSY_WAIT_MS = 5_000;

type Rows = Record<string, unknown>[];
/** What one statement did: its rows, or for a write its changes and the last inserted row id. */
export interface StatementResult {
  rows: Rows;
  changes?: number;
  lastInsertRowid?: number | bigint;
}

/** Who writes now, in turn: a group of the server's transactions, a group of writes, or the single writes that came together. */
interface WriteLane {
  acquire(): Promise<void>;
  release(): void;
}

/** Takers in the order they came, one at a time. */
function turnTaking(): WriteLane {
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

/** A transaction of the server's: nothing else writes until it ends; `commit` answers once it is on the disk. */
export interface WriterTransaction {
  query(query: CompiledQuery): Promise<StatementResult>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

interface Group {
  /** Transactions begun in the group and not ended yet. */
  open: number;
  /** False once the event loop turn it began in is over: later transactions start the next group. */
  joining: boolean;
  committing: boolean;
  /** One member at a time: a member's savepoint must not take in another's statements. */
  turn: WriteLane;
  /** Settles when the group's commit is on the disk, or failed. */
  durable: Promise<void>;
  settle(error?: Error): void;
}

/**
 * Every write of the server on SQLite, on one connection of the server's thread (the reading connection is
 * query_only): a statement costs what SQLite takes to run it, not a hop to another thread, and every commit is
 * on the disk when it returns unless a single write says it need not be. Three kinds of
 * writers take turns (a lane), so none ever waits for SQLite's lock held by another:
 * - transactions (`begin`): those that begin in the same turn of the event loop (concurrent requests: outcomes,
 *   a staff change) share one SQLite transaction and one commit, a sync to the disk that the whole group pays
 *   once. Each runs in a savepoint of its own, one after the other: one that fails undoes only its own changes,
 *   and each is answered when the shared commit is on the disk (a failed commit fails them all). The group
 *   holds the lane from its begin to its commit;
 * - groups of writes (`writeGroup`: concurrent saves, log entries), each a transaction of its own, at once;
 * - single writes (`write`: a session, a limit's count): those that come while the lane is busy share one
 *   commit, each failing alone.
 */
export function startSqliteWriter(file: string) {
  const lane = turnTaking();
  const db = new SQLite(file);
  // The lock another process holds is waited for below, without stopping the server's thread.
  db.pragma('busy_timeout = 0');
  // FULL is NORMAL plus a sync of the log after each commit (SQLite's documentation of `synchronous`): the sync is
  // made here, after the commits that need it (`log.sync`). Switching the level for the commits that do not cost two
  // statements compiled anew each time (a pragma takes effect as it is compiled): about 80 µs of a sign-in's.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('wal_autocheckpoint = 0');
  db.pragma(SQLITE_CACHE_PRAGMA);
  const { prepare: prepared } = withStatementCache(db);
  const run = (text: string) => prepared(text).run();
  // A read opens the write-ahead log, creating it if need be.
  prepared('select 1 from sqlite_schema limit 1').get();
  const log = logSync(file);
  const statementResult = ({ sql, parameters }: CompiledQuery): StatementResult => {
    const statement = prepared(sql);
    if (statement.reader) return { rows: statement.all(parameters) as Rows };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { rows: [], changes, lastInsertRowid };
  };

  async function beginImmediate() {
    const deadline = Date.now() + BUSY_WAIT_MS;
    for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
      try {
        run('begin immediate');
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  function commitWhenDone(group: Group) {
    if (group.joining || group.open > 0 || group.committing) return;
    group.committing = true;
    try {
      // SQLite ends the whole transaction on some failures (a full disk, an I/O error): nothing to commit then.
      if (!db.inTransaction) throw new Error('The SQLite transaction was rolled back');
      run('commit');
      log.sync();
      group.settle();
    } catch (error) {
      group.settle(error as Error);
      try {
        if (db.inTransaction) run('rollback');
      } catch {
        // the connection is past saving: nothing of the group was kept either way
      }
    } finally {
      lane.release();
    }
  }

  async function openGroup(): Promise<Group> {
    await lane.acquire();
    try {
      await beginImmediate();
    } catch (error) {
      lane.release();
      throw error;
    }
    let settle!: Group['settle'];
    const durable = new Promise<void>((resolve, reject) => {
      settle = (error) => (error ? reject(error) : resolve());
    });
    // Awaited by members that committed; a group whose members all rolled back leaves it unheard.
    durable.catch(() => {});
    const group: Group = { open: 0, joining: true, committing: false, turn: turnTaking(), durable, settle };
    setImmediate(() => {
      group.joining = false;
      joinable = null;
      commitWhenDone(group);
    });
    return group;
  }

  /** The group a transaction begun now joins: opening, or open in this turn of the event loop. */
  let joinable: Promise<Group> | null = null;

  async function begin(): Promise<WriterTransaction> {
    if (!joinable) {
      const opening = (joinable = openGroup());
      opening.catch(() => {
        if (joinable === opening) joinable = null;
      });
    }
    const group = await joinable;
    group.open += 1;
    await group.turn.acquire();
    const end = (statements: string[]) => {
      try {
        // After SQLite ended the whole transaction, the savepoint is gone with it.
        if (db.inTransaction) for (const text of statements) run(text);
      } finally {
        group.turn.release();
        group.open -= 1;
        commitWhenDone(group);
      }
    };
    try {
      if (!db.inTransaction) throw new Error('The SQLite transaction was rolled back');
      run('savepoint member');
    } catch (error) {
      end([]);
      throw error;
    }
    let ended = false;
    return {
      async query(query) {
        // Never a statement outside the group's transaction (SQLite may have ended it on a failed statement).
        if (!db.inTransaction) throw new Error('The SQLite transaction was rolled back');
        return statementResult(query);
      },
      async commit() {
        if (ended) return;
        ended = true;
        end(['release member']);
        await group.durable;
      },
      async rollback() {
        if (ended) return;
        ended = true;
        end(['rollback to member', 'release member']);
      },
    };
  }

  /**
   * Runs `work` in an immediate transaction and commits it, or rolls it back if it throws. The caller holds the lane.
   * Without `sync` the commit does not wait for the disk: it survives the process's crash, not the machine's, and the
   * next durable commit takes it there.
   */
  async function commitNow<T>(work: () => T, sync = true): Promise<T> {
    await beginImmediate();
    try {
      const result = work();
      run('commit');
      if (sync) log.sync();
      return result;
    } catch (error) {
      if (db.inTransaction) run('rollback');
      throw error;
    }
  }

  // Single writes that arrive while the lane is busy go together, each failing alone.
  type Single = { query: CompiledQuery; sync: boolean; resolve(result: StatementResult): void; reject(error: Error): void };
  let singles: Single[] = [];
  let flushing = false;
  async function flushSingles() {
    await lane.acquire();
    const batch = singles;
    singles = [];
    flushing = false;
    try {
      // A batch none of which needs the disk (limit counts, new sessions) is committed without a sync.
      const results = await commitNow(
        () =>
          batch.map(({ query }) => {
            try {
              return statementResult(query);
            } catch (error) {
              // A failed statement undoes itself only, unless SQLite ended the whole transaction.
              if (!db.inTransaction) throw error;
              return error as Error;
            }
          }),
        batch.some((s) => s.sync),
      );
      batch.forEach((s, i) => {
        const result = results[i];
        if (result instanceof Error) s.reject(result);
        else s.resolve(result);
      });
    } catch (error) {
      for (const s of batch) s.reject(error as Error);
    } finally {
      lane.release();
    }
  }

  return {
    begin,

    /**
     * Runs the queries in one transaction of their own (all kept, or none) and answers their rows once its
     * commit is on the disk: the way groups of saves and log entries are written, at once, without a savepoint
     * each or a wait for the turn's other transactions.
     */
    async writeGroup(queries: readonly CompiledQuery[]): Promise<Rows[]> {
      await lane.acquire();
      try {
        return await commitNow(() => queries.map((query) => statementResult(query).rows));
      } finally {
        lane.release();
      }
    },

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

    close() {
      if (db.inTransaction) run('rollback');
      db.close();
      log.close();
    },
  };
}
export type SqliteWriter = ReturnType<typeof startSqliteWriter>;

/**
 * The sync that makes the writing connection's commits durable: an fdatasync of the write-ahead log, which holds
 * every commit until a checkpoint copies it into the database file. The log is the same file for as long as the
 * connection is open: SQLite deletes it only when the last connection to the database closes.
 */
function logSync(file: string) {
  const log = fs.openSync(`${file}-wal`, 'r');
  return {
    /** Every commit made so far is on the disk when this returns. */
    sync: () => fs.fdatasyncSync(log),
    close: () => fs.closeSync(log),
  };
}
