import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { importBundle } from '../import/import-bundle';
import { buildTestApp, signIn, type SignedIn, type TestApp } from '../../test/build-test-app';
import { ANNA, accessBundle, C_MAIN, GINO, MARCO, PASSWORD } from '../../test/fixtures';
import { ACCESS_CACHE_TTL_MS } from './access-cache';

// The session, person, participation and test of a request are kept in memory for seconds
// (access-cache.ts). Each test warms the copies with a save first, then changes what they copy: the
// next request must see the change at once, not when the copy runs out.

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp(accessBundle);
});
afterEach(async () => t.close());

let version = 0;
const save = (who: SignedIn, cookie = who.cookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/tests/101/data/${C_MAIN}/${who.id}`,
    headers: { cookie },
    payload: { version: ++version, data: `answer ${version}` },
  });

describe('copies of who is asking', () => {
  it('refuses a session at once once it is signed out', async () => {
    const anna = await signIn(t.app, ANNA, PASSWORD, C_MAIN);
    expect((await save(anna)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: anna.cookie } });
    expect((await save(anna)).statusCode).toBe(401);
  });

  it("refuses a person's other sessions at once when they are ended (as a password change does)", async () => {
    const phone = await signIn(t.app, MARCO, PASSWORD, C_MAIN);
    const laptop = await signIn(t.app, MARCO, PASSWORD, C_MAIN);
    expect((await save(phone)).statusCode).toBe(200);
    expect((await save(laptop)).statusCode).toBe(200);
    await t.app.repos.sessions.deleteForUser(phone.id);
    expect((await save(phone)).statusCode).toBe(401);
    expect((await save(laptop)).statusCode).toBe(401);
  });

  it('lets a candidate save as soon as they give consent', async () => {
    const gino = await signIn(t.app, GINO, PASSWORD, C_MAIN);
    expect((await save(gino)).json().code).toBe('NO_PRIVACY_CONSENT');
    const consent = await t.app.inject({ method: 'POST', url: '/api/auth/privacy/giveConsent', headers: { cookie: gino.cookie } });
    expect(consent.statusCode).toBe(200);
    expect((await save(gino)).statusCode).toBe(200);
  });

  it("serves a campaign's tests from memory to all its candidates, and shows an import's change at once", async () => {
    const anna = await signIn(t.app, ANNA, PASSWORD, C_MAIN);
    const names = async () =>
      (
        (await t.app.inject({ url: '/api/usertests', headers: { cookie: anna.cookie } })).json() as {
          tests: { id: number; name: string }[];
        }
      ).tests
        .filter((test) => test.id === 101)
        .map((test) => test.name);
    expect(await names()).toEqual(['Ragionamento']);
    // Written past the server, announcing nothing: the copy is what the room shows.
    await t.database.db.updateTable('tests').set({ name: 'Ragionamento (nuovo)' }).where('id', '=', 101).execute();
    expect(await names()).toEqual(['Ragionamento']);
    const renamed = accessBundle.tests.map((test) => (test.id === 101 ? { ...test, name: 'Ragionamento logico' } : test));
    expect((await importBundle(t.database, { ...accessBundle, tests: renamed })).ok).toBe(true);
    expect(await names()).toEqual(['Ragionamento logico']);
  });

  it('sees a campaign closed by an import in another process well before a copy would run out', async () => {
    const anna = await signIn(t.app, ANNA, PASSWORD, C_MAIN);
    expect((await save(anna)).statusCode).toBe(200);
    // The import CLI beside the server: its own connection to the same database.
    const other = await openDatabase(t.database.url);
    try {
      const main = accessBundle.campaigns.find((c) => c.id === C_MAIN)!;
      const result = await importBundle(other, { ...accessBundle, campaigns: [{ ...main, dateEnd: '2026-01-02T00:00:00Z' }] });
      expect(result.ok).toBe(true);
    } finally {
      await other.close();
    }
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < ACCESS_CACHE_TTL_MS.what) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await save(anna)).statusCode;
    }
    // The campaign is over: the save is told so (and a queue drops it), no longer taken.
    expect(status).toBe(409);
    expect((await save(anna)).json().code).toBe('CAMPAIGN_CLOSED');
    expect(Date.now() - started).toBeLessThan(ACCESS_CACHE_TTL_MS.who);
  });
});
