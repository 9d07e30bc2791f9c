import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createThrowawayPostgres } from '@prova/test-support/throwaway-postgres';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../src/db/database';

/** `url` opens the same database again (another connection, as another process would). */
export type TestDatabase = DatabaseHandle & { url: string; destroy(): Promise<void> };

/**
 * A fresh, migrated database for one test or test file. With `TEST_DATABASE_URL` (a postgres:// URL
 * of a role that may create databases) each call creates its own uniquely named database and drops
 * it on `destroy()`; otherwise each call gets a new SQLite file in a temporary directory.
 */
export async function createTestDatabase(opts: { through?: string } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? createPostgresDatabase(adminUrl, opts.through) : createSqliteDatabase(opts.through);
}

/** `through`: migrated only up to this migration (a test of what the next ones do to the data). */
async function createSqliteDatabase(through?: string): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'prova-test-'));
  const url = `sqlite:${join(dir, 'prova.db')}`;
  const handle = await openDatabase(url);
  await migrateToLatest(handle, through);
  return {
    ...handle,
    url,
    async destroy() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(adminUrl: string, through?: string): Promise<TestDatabase> {
  const database = await createThrowawayPostgres(adminUrl);
  const handle = await openDatabase(database.url);
  await migrateToLatest(handle, through);
  return {
    ...handle,
    url: database.url,
    async destroy() {
      await handle.close();
      await database.drop();
    },
  };
}
