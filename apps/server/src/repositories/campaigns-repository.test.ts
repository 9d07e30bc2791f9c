import { describe, expect, it } from 'vitest';
import { ANNA, accessBundle, C_ANNA, C_MAIN } from '../../test/fixtures';
import { createTestDatabase } from '../../test/test-database';
import { importBundle } from '../import/import-bundle';
import { createRepositories } from './create-repositories';
import { sessionIdleEnd } from './session-rows';

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
      expect(content.model).toMatchObject({ markers: [{ id: 100, skillId: 10 }] });
    } finally {
      await database.destroy();
    }
  });

  // On PostgreSQL each statement is a round trip: the campaigns come in the statement that reads the person.
  it('come with the person signing in: the campaigns open now, as the picker lists them', async () => {
    const database = await createTestDatabase();
    try {
      expect((await importBundle(database, accessBundle)).ok).toBe(true);
      const repos = createRepositories(database.db);
      // Keys the guard has counted nothing under.
      const keys = {
        account: `account:${ANNA}`,
        address: 'address:10.0.0.1',
        device: 'device:',
        requests: 'requests:10.0.0.1',
        requestsWindowMs: 60_000,
      };
      const signingIn = await repos.users.findForSignIn(` ${ANNA.toUpperCase()} `, keys, 'opened-1');
      expect(signingIn.user).toMatchObject({ email: ANNA, company_name: 'Alfa S.r.l.' });
      expect(signingIn.user).not.toHaveProperty('open_id');
      // Not the campaign that has not begun nor the one that ended.
      expect(signingIn.open.map((c) => c.id)).toEqual([C_MAIN, C_ANNA]);
      expect(signingIn.open).toEqual(await repos.campaigns.listOpenForUser(signingIn.user!.id));
      // The sign-in itself is counted in the same statement: the first in its window.
      expect(signingIn.counts).toEqual({
        accountCounted: false,
        heldUntil: [null, null],
        deviceHeldUntil: null,
        requests: { count: 1, windowStart: expect.any(String) },
      });
      const windowStart = signingIn.counts.requests.windowStart;
      const again = await repos.users.findForSignIn(ANNA, keys, 'opened-2');
      expect(again.counts.requests).toEqual({ count: 2, windowStart });

      // Once they have all ended, the person is still found, with none; the count's window has ended too.
      const later = await repos.users.findForSignIn(ANNA, keys, 'opened-3', new Date('2031-01-01T00:00:00.000Z'));
      expect(later.user).toEqual(signingIn.user);
      expect(later.open).toEqual([]);
      expect(later.counts.requests).toEqual({ count: 1, windowStart: '2031-01-01T00:00:00.000Z' });
      expect((await repos.users.findForSignIn('nobody@alfa.example', keys, 'opened-4')).open).toEqual([]);

      // Each read opened a session for the person, and none for an e-mail nobody has.
      const opened = await database.db.selectFrom('sessions').select(['id', 'user_id', 'created_at', 'expires_at']).orderBy('id').execute();
      expect(opened.map((s) => [s.id, s.user_id])).toEqual([
        ['opened-1', signingIn.user!.id],
        ['opened-2', signingIn.user!.id],
        ['opened-3', signingIn.user!.id],
      ]);
      expect(opened[2]).toMatchObject({
        created_at: '2031-01-01T00:00:00.000Z',
        expires_at: sessionIdleEnd(new Date('2031-01-01T00:00:00.000Z')),
      });
    } finally {
      await database.destroy();
    }
  });
});
