import { type CompiledQuery, Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { ChangeFeed } from './change-feed';
import { createDialect, type DialectName, type DialectOptions, type WriteDurably, type WriteWithoutSync } from './dialect';
import { initial } from './migrations/0001-initial';
import { testClockAndScoring } from './migrations/0002-test-clock-and-scoring';
import { feedback360 } from './migrations/0003-feedback360';
import { signInThrottle } from './migrations/0004-sign-in-throttle';
import { requestKeys } from './migrations/0005-request-keys';
import { dataChanges } from './migrations/0006-data-changes';
import { staff } from './migrations/0007-staff';
import { hotPathIndexes } from './migrations/0008-hot-path-indexes';
import { progressUpdatesInPlace } from './migrations/0009-progress-updates-in-place';
import { testShares } from './migrations/0010a-test-shares';
import { logBounds } from './migrations/0010d-log-bounds';
import { claimedWork } from './migrations/0010e-claimed-work';
import { contentPackages } from './migrations/0011f-content-packages';
import { authoredTests } from './migrations/0011g-authored-tests';
import { itemRatings } from './migrations/0011h-item-ratings';
import { adaptiveTests } from './migrations/0012a-adaptive-tests';
import { norms } from './migrations/0012b-norms';
import { auditEvents } from './migrations/0013a-audit-events';
import { currentCompany } from './migrations/0013b-current-company';
import { integrations } from './migrations/0013c-integrations';
import { erasureAndRetention } from './migrations/0013f-erasure-and-retention';
import { consentRecords } from './migrations/0013e-consent-records';
import { companyTimeZone } from './migrations/0013j-company-time-zone';
import { assessmentsOpenUntil } from './migrations/0013m-assessments-open-until';
import { scale360 } from './migrations/0014a-scale-360';
import { attemptWindow } from './migrations/0014b-attempt-window';
import { consentPerCompany } from './migrations/0014c-consent-per-company';
import { testLanguage } from './migrations/0014d-test-language';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** A write "without a sync" where there is no connection for them (a transaction, a test): on `db`, like any other. */
export const writeOn =
  (db: Db): WriteWithoutSync =>
  async <R>(query: CompiledQuery<R>) =>
    (await db.executeQuery(query)).rows;

/** Runs `work` in a transaction: its own, or the one `db` already is (a repository called inside withTransaction). */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** Changes that make in-memory copies stale, heard across processes on the same database. */
  changes: ChangeFeed;
  /**
   * Runs the queries in one transaction and answers their rows once it is durable. Meant for groups
   * of writes: on SQLite one transaction of their own, committed at once (db/sqlite-writer.ts).
   */
  writeDurably: WriteDurably;
  /**
   * Runs one write that may be lost with the machine, though not with the process: committed without waiting
   * for the disk (on SQLite the next durable commit takes it there; on PostgreSQL on a connection with
   * synchronous_commit off). For counts a crash may forget, such as the requests a limit counts, and for new
   * sessions (sessions-repository.ts); never for what an answer promises is kept.
   */
  writeWithoutSync: WriteWithoutSync;
  /** Opens the connections the server will use, before it takes requests (a no-op on SQLite). */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export type { WriteDurably, WriteWithoutSync };

// Migrations are listed here (not read from disk) so the bundled server carries them.
function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001-initial': initial(dialect),
    '0002-test-clock-and-scoring': testClockAndScoring(dialect),
    '0003-feedback360': feedback360(),
    '0004-sign-in-throttle': signInThrottle(),
    '0005-request-keys': requestKeys(),
    '0006-data-changes': dataChanges(),
    '0007-staff': staff(dialect),
    '0008-hot-path-indexes': hotPathIndexes(),
    '0009-progress-updates-in-place': progressUpdatesInPlace(dialect),
    '0010a-test-shares': testShares(),
    '0010d-log-bounds': logBounds(),
    '0010e-claimed-work': claimedWork(),
    '0011f-content-packages': contentPackages(dialect),
    '0011g-authored-tests': authoredTests(),
    '0011h-item-ratings': itemRatings(),
    '0012a-adaptive-tests': adaptiveTests(),
    '0012b-norms': norms(dialect),
    '0013a-audit-events': auditEvents(dialect),
    '0013b-current-company': currentCompany(),
    '0013c-integrations': integrations(dialect),
    '0013f-erasure-and-retention': erasureAndRetention(),
    '0013e-consent-records': consentRecords(dialect),
    '0013j-company-time-zone': companyTimeZone(),
    '0013m-assessments-open-until': assessmentsOpenUntil(),
    '0014a-scale-360': scale360(),
    '0014b-attempt-window': attemptWindow(),
    '0014c-consent-per-company': consentPerCompany(),
    '0014d-test-language': testLanguage(),
  };
}

export async function openDatabase(url: string, options: DialectOptions = {}): Promise<DatabaseHandle> {
  const { name, dialect, changes, writeDurably, writeWithoutSync, warm, close } = createDialect(url, options);
  const db = new Kysely<Database>({ dialect });
  const onConnection: WriteDurably = async (queries) =>
    queries.length === 1
      ? [(await db.executeQuery<Record<string, unknown>>(queries[0])).rows]
      : inTransaction(db, async (trx) => {
          const results: Record<string, unknown>[][] = [];
          for (const query of queries) results.push((await trx.executeQuery<Record<string, unknown>>(query)).rows);
          return results;
        });
  return {
    db,
    dialect: name,
    changes,
    writeDurably: writeDurably ?? onConnection,
    writeWithoutSync: writeWithoutSync ?? writeOn(db),
    warm: warm ?? (async () => {}),
    close: async () => {
      await close();
      await db.destroy();
    },
  };
}

/** The names of the migrations this build carries, in the order they run. */
export const migrationNames = (dialect: DialectName) => Object.keys(migrations(dialect)).sort();

/**
 * Brings the schema up to date (or, for a test of what a migration does to the data before it, up to the migration
 * `through` names, included). Safe when several instances start at once on one PostgreSQL database:
 * each waits for the startup lock in turn, and finds the migrations the first one ran already done.
 */
export async function migrateToLatest(handle: DatabaseHandle, through?: string): Promise<void> {
  await withStartupLock(handle, async (locked) => {
    const provider: MigrationProvider = { getMigrations: async () => migrations(locked.dialect) };
    const migrator = new Migrator({ db: locked.db, provider });
    const { error, results } = await (through ? migrator.migrateTo(through) : migrator.migrateToLatest());
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
    }
  });
}

/** Any number; the same in every instance. Advisory locks belong to one database, so other databases never wait for it. */
const STARTUP_LOCK = 4_240_530_917;

/**
 * Runs `work` while no other instance on this database runs startup work (migrations, the demo data),
 * so that instances started at once do it one after the other, each seeing what the others did.
 *
 * On PostgreSQL a session advisory lock, held on one connection of the pool that `work` gets as its
 * handle (so a pool of one connection is enough); the database drops it if the process dies. Kysely's
 * Migrator takes an advisory lock of its own around the migrations, but the demo data that follows
 * needs one too (two instances loading it at once: one fails on the other's rows), and one lock for
 * the whole start is simplest to reason about. SQLite has one instance a database: nothing to wait for.
 */
export async function withStartupLock<T>(handle: DatabaseHandle, work: (locked: DatabaseHandle) => Promise<T>): Promise<T> {
  if (handle.dialect !== 'postgres') return work(handle);
  return handle.db.connection().execute(async (db) => {
    await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK)})`.execute(db);
    try {
      return await work({ ...handle, db });
    } finally {
      // A lost connection took the lock with it: its error is not the one to report.
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK)})`.execute(db).catch(() => undefined);
    }
  });
}
