import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseKind } from './config';

/**
 * The bench's own connection to a database the server uses: to write what the bench prepares before
 * the server starts (password hashes, sessions, the growth rows), and to read afterwards what the
 * server stored, past the server. Plain SQL with `?` placeholders, run on either database.
 */
export interface BenchDb {
  kind: DatabaseKind;
  all<T>(text: string, params?: unknown[]): Promise<T[]>;
  run(text: string, params?: unknown[]): Promise<void>;
  /** The underlying connection, for bulk work that differs between the two. */
  sqlite?: SQLite.Database;
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const kindOf = (url: string): DatabaseKind => (url.startsWith('postgres') ? 'postgres' : 'sqlite');

export function openBenchDb(url: string): BenchDb {
  if (kindOf(url) === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: 4 });
    const numbered = (text: string) => {
      let n = 0;
      return text.replace(/\?/g, () => `$${++n}`);
    };
    return {
      kind: 'postgres',
      pool,
      all: async <T>(text: string, params: unknown[] = []) => (await pool.query(numbered(text), params)).rows as T[],
      run: async (text, params = []) => {
        await pool.query(numbered(text), params);
      },
      close: () => pool.end(),
    };
  }
  const database = new SQLite(url.slice('sqlite:'.length));
  database.pragma('busy_timeout = 10000');
  return {
    kind: 'sqlite',
    sqlite: database,
    all: async <T>(text: string, params: unknown[] = []) => database.prepare(text).all(...params) as T[],
    run: async (text, params = []) => {
      database.prepare(text).run(...params);
    },
    close: async () => {
      database.close();
    },
  };
}
