import { describe, expect, it } from 'vitest';
import { ANNA, accessBundle } from '../../test/fixtures';
import { createTestDatabase } from '../../test/test-database';
import type { WriteWithoutSync } from '../db/database';
import { importBundle } from '../import/import-bundle';
import { createRepositories } from './create-repositories';
import { sessionIdOf } from './session-rows';

describe('sessions', () => {
  // A sign-in is not worth a sync to the disk (sessions-repository.ts); a sign-out is: a session that came back
  // after a crash would open the account again on a shared computer.
  it('are started without a sync to the disk and ended with one', async () => {
    const database = await createTestDatabase();
    try {
      expect((await importBundle(database, accessBundle)).ok).toBe(true);
      const unsynced: string[] = [];
      const writeWithoutSync: WriteWithoutSync = (query) => {
        unsynced.push(query.sql);
        return database.writeWithoutSync(query);
      };
      const repos = createRepositories(database.db, { writeWithoutSync });
      const anna = (await repos.users.findByEmail(ANNA))!;

      const id = sessionIdOf(await repos.sessions.create(anna.id));
      expect(unsynced).toEqual([expect.stringMatching(/^insert into "sessions"/)]);
      // Committed at once: a read on another connection finds it.
      expect((await repos.sessions.findManyWithUser([id]))[0]).toMatchObject({ session: { id, userId: anna.id }, user: { email: ANNA } });

      await repos.sessions.delete(id);
      expect(unsynced).toHaveLength(1);
      expect(await repos.sessions.findManyWithUser([id])).toEqual([null]);
    } finally {
      await database.destroy();
    }
  });
});
