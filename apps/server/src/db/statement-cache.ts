import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import type { ReadConnection } from './sqlite-driver';

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running the small indexed queries of
 * the hot paths, so prepared statements are reused by their SQL text. (Safe because Kysely runs one
 * query at a time on the single SQLite connection and nothing here streams rows.)
 */
export function withStatementCache(database: SQLite.Database): ReadConnection & SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = database.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}
