import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './database';

describe('SQLite transactions', () => {
  let dir: string | undefined;
  let handle: DatabaseHandle | undefined;

  afterEach(async () => {
    await handle?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // Another process (the importer next to the running server) must wait for the lock, not fail
  // half-way through with "database is locked" because it read before writing.
  it('take the write lock when they begin, so a second writer waits instead of failing later', async () => {
    dir = mkdtempSync(join(tmpdir(), 'prova-dialect-'));
    const file = join(dir, 'prova.db');
    handle = await openDatabase(`sqlite:${file}`);
    await migrateToLatest(handle);
    const other = new SQLite(file, { timeout: 0 });
    try {
      await handle.db.transaction().execute(async (trx) => {
        await trx.selectFrom('companies').select('id').execute();
        expect(() => other.exec('begin immediate')).toThrow(/database is locked/);
      });
      other.exec('begin immediate');
      other.exec('rollback');
    } finally {
      other.close();
    }
  });
});

describe('a DATABASE_URL that is neither SQLite nor PostgreSQL', () => {
  it('is refused without echoing the rest of the URL, which may hold a password', async () => {
    const attempt = openDatabase('postgresql+ssl://prova:s3cret-pw@db.example/prova');
    await expect(attempt).rejects.toThrow(
      'DATABASE_URL must start with sqlite: or postgres:// (it starts with "postgresql+ssl:"; the rest is not shown)',
    );
    await expect(openDatabase('mysql://root:hunter2@localhost/prova')).rejects.not.toThrow(/hunter2/);
  });
});
