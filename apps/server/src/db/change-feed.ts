import { EventEmitter } from 'node:events';
import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from './database';

/**
 * What changed, for the copies of sessions, people and participations that the server keeps in memory
 * on its hot paths (services/access-cache.ts).
 */
export type DataChange =
  | { kind: 'session'; sessionId: string }
  | { kind: 'user'; userId: number }
  | { kind: 'participation'; userId: number; campaignId: number }
  | { kind: 'all' };

export interface ChangeFeed {
  /**
   * Tells this process now, and every other process on the same database once `db`'s transaction (if
   * any) commits, that copies of this are stale. Outside a transaction it returns once every instance
   * has heard it: back on this one's own listener, and confirmed by each other listener of the database
   * (a sign-out must not be answered while another instance may still serve the session from memory). It
   * waits at most ECHO_TIMEOUT_MS; an own listener that has not heard back by then is treated as down. In a
   * transaction, announce through collecting() (announcingTransaction), which waits after the commit.
   */
  announce(change: DataChange, db: Db): Promise<void>;
  /**
   * Announcing from a transaction with one statement for all its changes: the collector's `announce` applies each
   * change here at once and keeps it; `send(trx)`, at the end of the transaction's work, sends them all to the other
   * instances (they leave at commit) asking each for a receipt; after the commit, `heard()` waits for the receipts
   * as announce() would, without a statement of its own. A transaction that fails calls `abandon()`.
   */
  collecting(): CollectedChanges;
  subscribe(listener: (change: DataChange) => void): () => void;
  /**
   * False while changes made by other processes could go unheard (the PostgreSQL listener is
   * reconnecting): copies must not be trusted then. On SQLite, a write by another process (the
   * importer beside the server) is noticed here and announced as `all`.
   */
  live(): boolean;
  close(): Promise<void>;
}

export interface CollectedChanges {
  announce(change: DataChange, trx: Db): Promise<void>;
  send(trx: Db): Promise<void>;
  heard(): Promise<void>;
  abandon(): void;
}

/** What repositories announce with: the feed, or (inside withTransaction) the transaction's collector. */
export type Changes = Pick<ChangeFeed, 'announce' | 'collecting'>;

const collectingNothing = (announce: CollectedChanges['announce']): CollectedChanges => ({
  announce,
  send: async () => {},
  heard: async () => {},
  abandon: () => {},
});

/** Announcing without a feed: for repositories used outside a server (the importer, benchmarks). */
export const silentChanges: Changes = {
  announce: async () => {},
  collecting: () => collectingNothing(async () => {}),
};

/**
 * The changes of a transaction that collects them (`collected`), for the repositories bound to it: they announce into
 * it, and their own transactions (inside it) leave the sending and the wait to its owner.
 */
const changesOf = (collected: CollectedChanges): Changes => ({
  announce: collected.announce,
  collecting: () => collectingNothing(collected.announce),
});

/**
 * Runs `work` in a transaction of `db` whose changes go to the other instances in one statement at its end (see
 * collecting()), and returns once every instance has heard them: a request that deactivates people is answered once no
 * instance can serve their sessions from memory. `work` announces on the changes it is given. If `db` is a transaction
 * already (a repository inside withTransaction), `work` runs in it and its changes go with that transaction's.
 */
export async function announcingTransaction<T>(db: Db, changes: Changes, work: (trx: Db, changes: Changes) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db, changes);
  const collected = changes.collecting();
  let result: T;
  try {
    result = await db.transaction().execute(async (trx) => {
      const done = await work(trx, changesOf(collected));
      await collected.send(trx);
      return done;
    });
  } catch (error) {
    collected.abandon();
    throw error;
  }
  await collected.heard();
  return result;
}

const CHANNEL = 'prova_changes';

/** How soon a change announced by another process (on SQLite) makes copies stale. */
const SQLITE_PEEK_MS = 100;

/**
 * SQLite: one server process owns the file, so announcing is local. The import CLI beside it is
 * another process: a wholesale change moves the counter of `data_changes` (migration 0006) in the
 * writer's transaction, and `live()` reads it at most every SQLITE_PEEK_MS. (SQLite's own
 * `data_version` cannot tell: it also moves with the server's worker threads' commits.)
 */
export function sqliteChangeFeed(database: SQLite.Database): ChangeFeed {
  const emitter = new EventEmitter();
  const announce = async (change: DataChange, db: Db) => {
    if (change.kind === 'all') await sql`update data_changes set serial = serial + 1 where id = 1`.execute(db);
    emitter.emit('change', change);
  };
  let counter: SQLite.Statement | null = null;
  const serial = (): number | undefined => {
    try {
      counter ??= database.prepare('select serial from data_changes where id = 1').pluck();
      return counter.get() as number | undefined;
    } catch {
      return undefined; // before the migrations ran
    }
  };
  let seen = serial();
  let peekedAt = Date.now();
  return {
    announce,
    // Heard here when announced. No other server can have a copy: one SQLite file has one server (the
    // importer beside it keeps none); an import's `all` reaches this one within SQLITE_PEEK_MS.
    collecting: () => collectingNothing(announce),
    subscribe(listener) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
    live() {
      if (Date.now() - peekedAt < SQLITE_PEEK_MS) return true;
      peekedAt = Date.now();
      const now = serial();
      if (now !== seen) {
        seen = now;
        emitter.emit('change', { kind: 'all' } satisfies DataChange);
      }
      return true;
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const RECONNECT_MS = 1_000;
/** How long a change may take to be heard back before the wait for it ends (and, if our own listener did not hear it, that listener counts as down). */
export const ECHO_TIMEOUT_MS = 2_000;
/** The listeners' application_name: how an instance counts the others (pg_stat_activity). */
export const LISTENER_NAME = 'prova-changes';

/** What travels on the channel: a change (or, from earlier versions, a question without one), or an instance's receipt of one. */
interface Message {
  from: string;
  /** Set when the sender waits for receipts. */
  id?: number;
  change?: DataChange;
  receipt?: { to: string; id: number };
}

interface Waiting {
  echoed: boolean;
  receipts: number;
  others: number;
  done: () => void;
}

/**
 * PostgreSQL: a change is sent with NOTIFY in the writer's transaction (delivered at commit, dropped on
 * rollback) to every instance, which LISTENs on a connection of its own, opened when something first
 * subscribes. While that connection is down, `live()` is false; when it is back, everything is stale.
 *
 * A change announced outside a transaction, or the last of a transaction's collected ones, carries an id:
 * every other listening instance drops its copies and answers with a receipt, and the sender returns once
 * its own listener heard it back and every other listener (counted in pg_stat_activity) sent its receipt.
 */
export function postgresChangeFeed(connectionString: string, { echoTimeoutMs = ECHO_TIMEOUT_MS } = {}): ChangeFeed {
  const emitter = new EventEmitter();
  // Our own notifications come back to us too; they were applied when announced.
  const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  let lastId = 0;
  const waiting = new Map<number, Waiting>();
  let client: pg.Client | null = null;
  let listenerPid = 0;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const everything = () => emitter.emit('change', { kind: 'all' } satisfies DataChange);
  const settle = (w: Waiting) => {
    if (w.echoed && w.receipts >= w.others) w.done();
  };
  /** Nothing here is served from copies now: whoever waits may answer. */
  const releaseAll = () => {
    for (const w of waiting.values()) w.done();
    waiting.clear();
  };

  /** The listener is down (or deaf): nothing is served from copies until it is back. */
  function lost(which: pg.Client) {
    if (client !== which) return;
    listening = false;
    client = null;
    everything();
    releaseAll();
    void which.end().catch(() => {});
    if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
  }

  function heardOne(next: pg.Client, message: Message) {
    if (message.receipt) {
      const w = message.receipt.to === origin ? waiting.get(message.receipt.id) : undefined;
      if (w) {
        w.receipts += 1;
        settle(w);
      }
    } else if (message.from === origin) {
      const w = message.id === undefined ? undefined : waiting.get(message.id);
      if (w) {
        w.echoed = true;
        settle(w);
      }
    } else {
      if (message.change) emitter.emit('change', message.change);
      // Sent once the copies are dropped (emit is synchronous).
      if (message.id !== undefined) {
        const receipt: Message = { from: origin, receipt: { to: message.from, id: message.id } };
        next.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(receipt)]).catch(() => {});
      }
    }
  }

  async function connect() {
    if (closed) return;
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, application_name: LISTENER_NAME });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        heardOne(next, JSON.parse(message.payload) as Message);
      } catch {
        everything();
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      const { rows } = await next.query<{ pid: number }>('select pg_backend_pid() as pid');
      if (client !== next) return;
      listenerPid = rows[0].pid;
      listening = true;
      // Whatever changed while nobody was listening.
      everything();
    } catch {
      lost(next);
    }
  }

  /**
   * Sends `changes` in one statement of `db`, the last one asking every instance for a
   * receipt; on a transaction they leave at its commit, otherwise when the statement returns. The answer's `heard()`
   * waits for the receipts, `abandon()` stops expecting them (the transaction failed).
   */
  async function send(db: Db, changes: DataChange[]): Promise<{ heard(): Promise<void>; abandon(): void }> {
    const id = ++lastId;
    const messages: Message[] = changes.map((change) => ({ from: origin, change }));
    messages[messages.length - 1].id = id;
    const notify = sql.join(messages.map((message) => sql`pg_notify(${CHANNEL}, ${JSON.stringify(message)})`));
    const listener = listening ? client : null;
    if (!listener) {
      await sql`select ${notify}`.execute(db);
      return { heard: async () => {}, abandon: () => {} };
    }
    const w: Waiting = { echoed: false, receipts: 0, others: Number.POSITIVE_INFINITY, done: () => {} };
    const settled = new Promise<true>((resolve) => (w.done = () => resolve(true)));
    waiting.set(id, w);
    try {
      // The other listeners of this database, counted in the statement that notifies them.
      const { rows } = await sql<{ others: number }>`select ${notify},
        (select count(*)::int from pg_stat_activity
          where datname = current_database() and application_name = ${LISTENER_NAME} and pid <> ${listenerPid}) as others`.execute(db);
      w.others = rows[0]?.others ?? 0;
    } catch (error) {
      waiting.delete(id);
      throw error;
    }
    settle(w);
    return {
      async heard() {
        let timer: NodeJS.Timeout | undefined;
        try {
          const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), echoTimeoutMs)));
          if (!(await Promise.race([settled, late]))) {
            if (!w.echoed) {
              console.warn(`PostgreSQL change listener did not hear back within ${echoTimeoutMs} ms; listening again`);
              lost(listener);
            } else
              console.warn(`${w.others - w.receipts} of ${w.others} other instances did not confirm a change within ${echoTimeoutMs} ms`);
          }
        } finally {
          clearTimeout(timer);
          waiting.delete(id);
        }
      },
      abandon: () => waiting.delete(id),
    };
  }

  return {
    async announce(change, db) {
      emitter.emit('change', change);
      // In a transaction the notification leaves at commit, unawaited: transactions announce through collecting().
      if (db.isTransaction)
        await sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ from: origin, change } satisfies Message)})`.execute(db);
      else await (await send(db, [change])).heard();
    },
    collecting() {
      const kept: DataChange[] = [];
      let sent: Awaited<ReturnType<typeof send>> | undefined;
      return {
        async announce(change) {
          emitter.emit('change', change);
          kept.push(change);
        },
        async send(trx) {
          if (kept.length > 0) sent = await send(trx, kept);
        },
        heard: async () => sent?.heard(),
        abandon: () => sent?.abandon(),
      };
    },
    subscribe(listener) {
      if (!client && !closed && !retry) void connect();
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
    live: () => listening,
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      listening = false;
      releaseAll();
      emitter.removeAllListeners();
      await current?.end().catch(() => {});
    },
  };
}
