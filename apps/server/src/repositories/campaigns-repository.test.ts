import { describe, expect, it } from 'vitest';
import { ANNA, accessBundle, C_MAIN } from '../../test/fixtures';
import { createTestDatabase } from '../../test/test-database';
import { importBundle } from '../import/import-bundle';
import { createRepositories } from './create-repositories';

describe('participations', () => {
  // A 50-marker model is 42 KB of JSON: read with every participation, each sign-in and each copy the access
  // cache keeps of someone's participation carried it.
  it("come with their campaign's summary, and the campaign's report model and 360 questions are read once for it", async () => {
    const database = await createTestDatabase();
    try {
      expect((await importBundle(database, accessBundle)).ok).toBe(true);
      const repos = createRepositories(database.db);
      const anna = (await repos.users.findByEmail(ANNA))!;
      const participation = (await repos.campaigns.findOpenForUser(anna.id, C_MAIN))!;
      const listed = (await repos.campaigns.listOpenForUser(anna.id)).find((c) => c.id === C_MAIN)!;
      for (const read of [participation, listed]) {
        expect(read).toMatchObject({ id: C_MAIN, company_id: anna.company_id, status: expect.any(String) });
        expect(read).not.toHaveProperty('model');
        expect(read).not.toHaveProperty('questions360');
      }
      const content = await repos.campaigns.contentOf(C_MAIN);
      expect(JSON.parse(content.model!)).toMatchObject({ markers: [{ id: 100, skillId: 10 }] });
    } finally {
      await database.destroy();
    }
  });
});
