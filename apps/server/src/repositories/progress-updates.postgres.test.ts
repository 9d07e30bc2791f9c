import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { openDatabase } from '../db/database';
import { createProgressRepository } from './progress-repository';

const CANDIDATES = 40;
const SAVES = 10;

describe('Saving progress on PostgreSQL', () => {
  // A save that adds an entry to every index of the table costs PostgreSQL several times the work (and the
  // write-ahead log) of one that rewrites the row in place, and leaves the indexes to be cleaned up.
  it('rewrites the rows in place, adding nothing to the indexes, save after save', async () => {
    const database = await createTestDatabase();
    // One connection, so that its statistics are the saves' and can be flushed on demand.
    const handle = await openDatabase(database.url, { poolMax: 1 });
    try {
      const progress = createProgressRepository(handle.db, handle.writeDurably);
      const data = (version: number) => JSON.stringify({ version, answers: 'x'.repeat(500) });
      for (let version = 1; version <= SAVES; version++) {
        const writes = Array.from({ length: CANDIDATES }, (_, i) => ({
          campaignId: 1,
          testId: 1,
          userId: i + 1,
          version,
          data: data(version),
          endsAt: null,
          scored: true,
        }));
        const held = await progress.saveProgress(writes);
        expect(held.every((h) => h.version === version)).toBe(true);
      }
      await sql`select pg_stat_force_next_flush()`.execute(handle.db);
      const counts = async () =>
        (
          await sql<{ updated: number; inPlace: number }>`select n_tup_upd::int as updated, n_tup_hot_upd::int as "inPlace"
            from pg_stat_user_tables where relname = 'test_progress'`.execute(handle.db)
        ).rows[0];
      let seen = await counts();
      for (let i = 0; i < 50 && seen.updated < CANDIDATES * (SAVES - 1); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = await counts();
      }
      expect(seen.updated).toBe(CANDIDATES * (SAVES - 1));
      expect(seen.inPlace / seen.updated).toBeGreaterThan(0.5);
    } finally {
      await handle.close();
      await database.destroy();
    }
  });
});
