import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { openDatabase } from './database';
import { POOL_NAME } from './dialect';

describe('PostgreSQL connections', () => {
  // A connection opened during a campaign's start costs a new backend (and its cold catalog caches) while
  // requests wait: the server opens them all before taking requests and keeps them.
  it('are all opened by warm(), and requests use those', async () => {
    const database = await createTestDatabase();
    const other = await openDatabase(database.url, { poolMax: 4 });
    const open = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name = ${POOL_NAME}`.execute(database.db)
      ).rows[0].n;
    try {
      const before = await open();
      await other.warm();
      expect(await open()).toBe(before + 4);
      await Promise.all(Array.from({ length: 8 }, () => sql`select pg_sleep(0.01)`.execute(other.db)));
      expect(await open(), 'no connection closed or added').toBe(before + 4);
    } finally {
      await other.close();
      await database.destroy();
    }
  });

  // A limited request counts itself before it goes on: that count need not wait for the WAL to reach the disk.
  it('commit the writes that may be lost with the machine without waiting for the disk, and only those', async () => {
    const database = await createTestDatabase();
    // Whatever the cluster's own setting (the test clusters turn it off everywhere): only that connection asks for it.
    const setting = sql<{
      value: string;
      source: string;
    }>`select setting as value, source from pg_settings where name = 'synchronous_commit'`;
    try {
      expect(await database.writeWithoutSync(setting.compile(database.db))).toEqual([{ value: 'off', source: 'session' }]);
      expect((await setting.execute(database.db)).rows[0].source).not.toBe('session');
      await database.db.transaction().execute(async (trx) => expect((await setting.execute(trx)).rows[0].source).not.toBe('session'));
      // Committed at once: the server's other connections see it.
      const insert = database.db.insertInto('languages').values({ lang: 'u1', name: 'u1' }).returning('lang').compile();
      expect(await database.writeWithoutSync(insert)).toEqual([{ lang: 'u1' }]);
      expect(await database.db.selectFrom('languages').select('lang').where('lang', '=', 'u1').execute()).toEqual([{ lang: 'u1' }]);
    } finally {
      await database.destroy();
    }
  });
});
