import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../src/db/database';

export type TestDatabase = DatabaseHandle & { destroy(): Promise<void> };

/**
 * A fresh, migrated database for one test or test file. With `TEST_DATABASE_URL` (a postgres:// URL
 * of a role that may create databases) each call creates its own uniquely named database and drops
 * it on `destroy()`; otherwise each call gets a new SQLite file in a temporary directory.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? createPostgresDatabase(adminUrl) : createSqliteDatabase();
}

async function createSqliteDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'prova-test-'));
  const handle = await openDatabase(`sqlite:${join(dir, 'prova.db')}`);
  await migrateToLatest(handle);
  return {
    ...handle,
    async destroy() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `prova_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase(url.toString());
  await migrateToLatest(handle);
  return {
    ...handle,
    async destroy() {
      await handle.close();
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
