import { Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { createDialect, type DialectName, type DialectOptions } from './dialect';
import { initial } from './migrations/0001-initial';
import { testClockAndScoring } from './migrations/0002-test-clock-and-scoring';
import { feedback360 } from './migrations/0003-feedback360';
import { signInThrottle } from './migrations/0004-sign-in-throttle';
import { requestKeys } from './migrations/0005-request-keys';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Runs `work` in a transaction: its own, or the one `db` already is (a repository called inside withTransaction). */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  close(): Promise<void>;
}

// Migrations are listed here (not read from disk) so the bundled server carries them.
function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initial(dialect),
    '0002-test-clock-and-scoring': testClockAndScoring(dialect),
    '0003-feedback360': feedback360(),
    '0004-sign-in-throttle': signInThrottle(),
    '0005-request-keys': requestKeys(),
  };
}

export async function openDatabase(url: string, options: DialectOptions = {}): Promise<DatabaseHandle> {
  const { name, dialect } = createDialect(url, options);
  const db = new Kysely<Database>({ dialect });
  return { db, dialect: name, close: () => db.destroy() };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
  const migrator = new Migrator({ db: handle.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
