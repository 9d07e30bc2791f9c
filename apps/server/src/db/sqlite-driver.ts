import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';
import type { SqliteWriter, StatementResult, WriterTransaction } from './sqlite-writer';

/** The server's own connection: it only reads. Statements are reused by their text. */
export interface ReadConnection {
  prepare(text: string): SQLite.Statement;
  close(): void;
}

const resultOf = <R>({ rows, changes, lastInsertRowid }: StatementResult): QueryResult<R> => ({
  rows: rows as R[],
  ...(changes !== undefined ? { numAffectedRows: BigInt(changes) } : {}),
  ...(lastInsertRowid !== undefined ? { insertId: BigInt(lastInsertRowid) } : {}),
});

/**
 * A select, built or written as text. Anything else (a `with` that may write, DDL, pragmas) goes to the
 * writer; the reading connection is query_only, so a write sent to it by mistake fails loudly.
 */
const isRead = ({ query, sql }: CompiledQuery) =>
  query.kind === 'SelectQueryNode' || (query.kind === 'RawNode' && /^\s*select\b/i.test(sql));

/**
 * Reads on the server's own connection, at once (WAL: a reader never waits for the writer); single writes and
 * a transaction's statements on the writing connection (grouped with those of the same moment). So the server's
 * thread never waits for SQLite's write lock, and a request's write is answered once it is on the disk.
 */
class SplitConnection implements DatabaseConnection {
  #transaction: WriterTransaction | null = null;

  constructor(
    private readonly reader: ReadConnection,
    private readonly writer: SqliteWriter,
  ) {}

  async begin(): Promise<void> {
    this.#transaction = await this.writer.begin();
  }

  async end(how: 'commit' | 'rollback'): Promise<void> {
    const transaction = this.#transaction;
    this.#transaction = null;
    await transaction?.[how]();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#transaction) return resultOf<R>(await this.#transaction.query(query));
    if (!isRead(query)) return resultOf<R>(await this.writer.write(query));
    return { rows: this.reader.prepare(query.sql).all(query.parameters) as R[] };
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming rows is not supported on SQLite');
  }
}

class SplitDriver implements Driver {
  constructor(
    private readonly reader: ReadConnection,
    private readonly writer: SqliteWriter,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SplitConnection(this.reader, this.writer);
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await (connection as SplitConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SplitConnection).end('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SplitConnection).end('rollback');
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    this.reader.close();
  }
}

/** SQLite on a file: reads on one connection, writes on another, transactions in groups (SplitConnection). */
export class SplitSqliteDialect extends SqliteDialect {
  constructor(
    private readonly reader: ReadConnection,
    private readonly writer: SqliteWriter,
  ) {
    super({ database: reader } as unknown as SqliteDialectConfig);
  }

  override createDriver(): Driver {
    return new SplitDriver(this.reader, this.writer);
  }
}
