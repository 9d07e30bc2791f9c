import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type ColumnDefinitionBuilder,
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
import pg from 'pg';
import { type ChangeFeed, postgresChangeFeed, sqliteChangeFeed } from './change-feed';
import { nameQueries, type StatementNames, statementNames } from './postgres-statements';
import { SplitSqliteDialect } from './sqlite-driver';
import { withStatementCache } from './statement-cache';
import { SQLITE_CACHE_PRAGMA } from './sqlite-cache';
import { startSqliteWriter } from './sqlite-writer';
import { startWalCheckpoints } from './wal-checkpoints';

// Every difference between SQLite and PostgreSQL lives in this file (and, for how changes are heard
// between processes, in change-feed.ts; for SQLite's writers, in sqlite-driver.ts and sqlite-writer.ts;
// for PostgreSQL's prepared statements, in postgres-statements.ts).

export type DialectName = 'sqlite' | 'postgres';

export type WriteDurably = (queries: readonly CompiledQuery[]) => Promise<Record<string, unknown>[][]>;
export type WriteWithoutSync = <R>(query: CompiledQuery<R>) => Promise<R[]>;

export interface DialectInfo {
  name: DialectName;
  dialect: Dialect;
  changes: ChangeFeed;
  /** SQLite on a file: groups of writes on the writing connection (db/sqlite-writer.ts); elsewhere a transaction of the pool's. */
  writeDurably?: WriteDurably;
  /** Where writes go that need not wait for the disk (DatabaseHandle.writeWithoutSync); elsewhere the pool's connections. */
  writeWithoutSync?: WriteWithoutSync;
  /** Opens every connection the process may use (PostgreSQL's pool), so that none is opened under load. */
  warm?: () => Promise<void>;
  /** Stops what the dialect runs beside its connections (after Kysely's own destroy). */
  close: () => Promise<void>;
}

/** The application_name of the server's pooled PostgreSQL connections (pg_stat_activity). */
export const POOL_NAME = 'prova';
/** The application_name of its connection for writes that need not wait for the disk (the route limits' counts, new sessions). */
const UNSYNCED_NAME = 'prova-unsynced';

export interface DialectOptions {
  /** Most PostgreSQL connections this process opens (PG_POOL_MAX). */
  poolMax?: number;
}

export function createDialect(url: string, options: DialectOptions = {}): DialectInfo {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    // A database host that drops packets instead of refusing them must not hold requests (and the health
    // check) forever: a connection not made in 5 s fails, and the request answers 503 or 500 at once.
    // The connections are kept once open (min = max) and the server opens them all at start (`warm`): a
    // connection opened in the middle of a campaign's start costs a new backend process, whose first queries
    // also fill its catalog caches, while every request waits. Closed when idle (pg's default after 10 s),
    // they would be opened again at each burst.
    const max = options.poolMax ?? 10;
    const names = statementNames();
    const pool = postgresPool(url, max, POOL_NAME, names);
    // The route limits' counts and new sessions commit on a connection of their own with synchronous_commit off:
    // they are seen at once, and only a crash of the database's machine may forget the last moments' ones
    // (PostgreSQL's equivalent of the SQLite writer's commits without a sync). Nothing else runs there.
    const unsynced = postgresPool(url, 1, UNSYNCED_NAME, names);
    const setUp = new WeakSet<pg.PoolClient>();
    const unsyncedClient = async () => {
      const client = await unsynced.connect();
      if (setUp.has(client)) return client;
      // A SET on each new connection, not a startup option: PgBouncer refuses startup options it does not know.
      try {
        await client.query('set synchronous_commit = off');
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      setUp.add(client);
      return client;
    };
    const changes = postgresChangeFeed(url);
    const warm = async () => {
      const clients = await Promise.all([...Array.from({ length: max }, () => pool.connect()), unsyncedClient()]);
      for (const client of clients) client.release();
    };
    return {
      name: 'postgres',
      dialect: new PostgresDialect({ pool }),
      writeWithoutSync: async <R>(query: CompiledQuery<R>) => {
        const client = await unsyncedClient();
        try {
          return (await client.query<R & pg.QueryResultRow>(query.sql, [...query.parameters])).rows;
        } finally {
          client.release();
        }
      },
      changes,
      warm,
      close: async () => {
        await changes.close();
        await unsynced.end();
      },
    };
  }
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const database = new SQLite(file);
    database.pragma('busy_timeout = 5000');
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma(SQLITE_CACHE_PRAGMA);
    const changes = sqliteChangeFeed(database);
    if (file === ':memory:') {
      // A database in memory has one connection, which writes too (tests of the SQL alone).
      return {
        name: 'sqlite',
        dialect: new ImmediateSqliteDialect({ database: withStatementCache(database) }),
        changes,
        close: () => changes.close(),
      };
    }
    // On a file this connection only reads; writes go through a connection of their own (durable, grouped:
    // db/sqlite-writer.ts), and checkpoints through one of their own, in a worker thread.
    database.pragma('query_only = ON');
    const checkpoints = startWalCheckpoints(database, file);
    const writer = startSqliteWriter(file);
    return {
      name: 'sqlite',
      dialect: new SplitSqliteDialect(withStatementCache(database), writer),
      changes,
      writeDurably: (queries) => writer.writeGroup(queries),
      writeWithoutSync: async <R>(query: CompiledQuery<R>) => (await writer.write(query, { sync: false })).rows as R[],
      close: async () => {
        await changes.close();
        writer.close();
        await checkpoints.stop();
      },
    };
  }
  // Only the scheme: the rest of a URL may hold a password.
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0] ?? '';
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (it starts with "${scheme}"; the rest is not shown)`);
}

function postgresPool(url: string, max: number, name: string, names: StatementNames): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, min: max, connectionTimeoutMillis: 5_000, application_name: name });
  // A lost connection (database restart, failover, network cut) must not crash the process. Each
  // connection gets its own error listener for its whole life: while it is checked out (mid-query, or
  // inside a transaction) the pool does not listen, and pg emits 'error' on it after failing the query,
  // which unheard ends the process. The failed request answers 500, the pool discards the broken
  // connection when it comes back, and the next query opens a new one.
  pool.on('connect', (client) => {
    nameQueries(client, names);
    client.on('error', (error) => console.warn(`PostgreSQL connection lost (${name}): ${error.message}`));
  });
  // The pool re-emits an idle connection's error; the connection's own listener has reported it.
  pool.on('error', () => {});
  return pool;
}

/**
 * Makes transactions that read and then write the same thing (`key`) run one after the other, until the end of
 * `trx`. On PostgreSQL two such transactions would otherwise both read the old state (READ COMMITTED), and the
 * later write would undo the first one's. SQLite runs writing transactions one at a time already (begin immediate).
 */
export async function serializeOnKey<DB>(trx: Kysely<DB>, key: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * SQLite transactions that take the write lock at `begin`. A deferred transaction that reads and then
 * writes fails at once with "database is locked" when another process (the importer beside the
 * server) wrote in between; an immediate one waits for the lock within busy_timeout instead.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** An integer primary key the database numbers, which also accepts explicit ids from bundles. */
export function autoId(name: DialectName) {
  return (col: ColumnDefinitionBuilder) =>
    name === 'postgres' ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
}

/** After rows were inserted with explicit ids, move the PostgreSQL identity past them. */
/** Any Kysely instance: the statement names its table itself. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on every table, whatever the schema type
export async function syncIdentity(db: Kysely<any>, name: DialectName, table: string): Promise<void> {
  if (name !== 'postgres') return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
    db,
  );
}

/** True when the error is a unique-constraint violation, on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
