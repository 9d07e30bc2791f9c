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
});
