import type { FastifyInstance } from 'fastify';
import { type KyselyPlugin, SelectQueryNode, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { LISTENER_NAME } from '../db/change-feed';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { importBundle } from '../import/import-bundle';
import { newResetToken, hashResetToken } from './set-password-links';
import { buildTestApp, login, signIn, type SignedIn, type TestApp } from '../../test/build-test-app';
import { ANNA, accessBundle, C_MAIN, GINO, MARCO, PASSWORD, SOFIA } from '../../test/fixtures';
import { ACCESS_CACHE_TTL_MS } from './access-cache';

// The session, person, participation and test of a request are kept in memory for a few seconds
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
    while (status === 200 && Date.now() - started < ACCESS_CACHE_TTL_MS) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await save(anna)).statusCode;
    }
    expect(status).toBe(404);
    expect(Date.now() - started).toBeLessThan(ACCESS_CACHE_TTL_MS / 2);
  });
});

// Several instances share one PostgreSQL database, each with its own copies and its own listener. A
// second app here has its own connections and listener (as another process would), and counts the
// statements that read the sessions table.
describe.skipIf(!process.env.TEST_DATABASE_URL)('copies of who is asking, on two instances of one PostgreSQL database', () => {
  let b: { app: FastifyInstance; database: DatabaseHandle; sessionReads: () => number };
  beforeEach(async () => {
    const database = await openDatabase(t.database.url);
    let reads = 0;
    const counter: KyselyPlugin = {
      transformQuery({ node }) {
        if (SelectQueryNode.is(node) && JSON.stringify(node.from).includes('"name":"sessions"')) reads += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const app = await buildApp({
      env: loadEnv({ PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', DEMO: '0', SWEEP_INTERVAL_MS: '0' }),
      database: { ...database, db: database.db.withPlugin(counter) },
      logger: false,
    });
    await app.ready();
    b = { app, database, sessionReads: () => reads };
    await until(() => t.database.changes.live() && database.changes.live());
  });
  afterEach(async () => {
    await b.app.close();
    await b.database.close();
  });

  const me = (app: FastifyInstance, cookie: string) => app.inject({ url: '/api/auth/me', headers: { cookie } });
  /** Signs in on A, then uses the session on B until B serves it from memory. */
  async function knownToB(email: string): Promise<string> {
    const cookie = await login(t.app, email, PASSWORD);
    expect((await me(b.app, cookie)).statusCode).toBe(200);
    const before = b.sessionReads();
    expect((await me(b.app, cookie)).statusCode).toBe(200);
    expect(b.sessionReads(), 'B answered from its copy').toBe(before);
    return cookie;
  }

  it('serves a repeated /api/auth/me from memory: the session is read once, not per request', async () => {
    const cookie = await login(t.app, ANNA, PASSWORD);
    const before = b.sessionReads();
    for (let i = 0; i < 10; i++) expect((await me(b.app, cookie)).statusCode).toBe(200);
    expect(b.sessionReads() - before).toBe(1);
  });

  it('refuses the old cookie on B on the very next request once it is signed out on A', async () => {
    const cookie = await knownToB(ANNA);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(200);
    expect((await me(b.app, cookie)).statusCode).toBe(401);
  });

  it('refuses the old cookie on B on the very next request once the password is changed on A', async () => {
    const cookie = await knownToB(MARCO);
    const user = await t.app.repos.users.findByEmail(MARCO);
    const token = newResetToken();
    await t.app.repos.users.replacePasswordReset(user!.id, hashResetToken(token), new Date(), new Date(Date.now() + 60_000));
    const password = 'Tr0ub4dor&3';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resetPassword',
      payload: { email: MARCO, token, password, password_confirmation: password },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(b.app, cookie)).statusCode).toBe(401);
  });

  it('refuses the old cookie on B on the very next request once staff on A deactivate the person', async () => {
    const cookie = await knownToB(MARCO);
    const admin = await login(t.app, SOFIA, PASSWORD);
    const marco = (await t.app.repos.users.findByEmail(MARCO))!.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/people/${marco}`, headers: { cookie: admin } })).statusCode).toBe(200);
    expect((await me(b.app, cookie)).statusCode).toBe(401);
  });

  it('reads the session every time while its listener is down, and keeps copies again once it is back', async () => {
    const cookie = await knownToB(ANNA);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${LISTENER_NAME} and datname = current_database()`.execute(t.database.db);
    await until(() => !b.database.changes.live());
    let before = b.sessionReads();
    for (let i = 0; i < 3; i++) expect((await me(b.app, cookie)).statusCode).toBe(200);
    expect(b.sessionReads() - before, 'one read per request').toBe(3);

    await until(() => b.database.changes.live());
    before = b.sessionReads();
    for (let i = 0; i < 3; i++) expect((await me(b.app, cookie)).statusCode).toBe(200);
    expect(b.sessionReads() - before).toBe(1);
  });
});

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
