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
   * any) commits, that copies of this are stale.
   */
  announce(change: DataChange, db: Db): Promise<void>;
  subscribe(listener: (change: DataChange) => void): () => void;
  /**
   * True when every process that could act on a change hears it before the change's own request is
   * answered (one server process on SQLite). With several instances a NOTIFY takes a moment to
   * arrive, so what must hold at once everywhere (a sign-out) is not served from copies.
   */
  readonly instant: boolean;
  /**
   * False while changes made by other processes could go unheard (the PostgreSQL listener is
   * reconnecting): copies must not be trusted then. On SQLite, a write by another process (the
   * importer beside the server) is noticed here and announced as `all`.
   */
  live(): boolean;
  close(): Promise<void>;
}

/** Announcing without a feed: for repositories used outside a server (the importer, benchmarks). */
export const silentChanges: Pick<ChangeFeed, 'announce'> = { announce: async () => {} };

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
    instant: true,
    async announce(change, db) {
      if (change.kind === 'all') await sql`update data_changes set serial = serial + 1 where id = 1`.execute(db);
      emitter.emit('change', change);
    },
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

/**
 * PostgreSQL: a change is sent with NOTIFY in the writer's transaction (delivered at commit, dropped on
 * rollback) to every instance, which LISTENs on a connection of its own, opened when something first
 * subscribes. While that connection is down, `live()` is false; when it is back, everything is stale.
 */
export function postgresChangeFeed(connectionString: string): ChangeFeed {
  const emitter = new EventEmitter();
  // Our own notifications come back to us too; they were applied when announced.
  const origin = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const everything = () => emitter.emit('change', { kind: 'all' } satisfies DataChange);

  async function connect() {
    if (closed) return;
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    client = next;
    const lost = () => {
      if (client !== next) return;
      listening = false;
      client = null;
      everything();
      void next.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { from, change } = JSON.parse(message.payload) as { from: string; change: DataChange };
        if (from !== origin) emitter.emit('change', change);
      } catch {
        everything();
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      if (client !== next) return;
      listening = true;
      // Whatever changed while nobody was listening.
      everything();
    } catch {
      lost();
    }
  }

  return {
    instant: false,
    async announce(change, db) {
      emitter.emit('change', change);
      await sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ from: origin, change })})`.execute(db);
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
      emitter.removeAllListeners();
      await current?.end().catch(() => {});
    },
  };
}
