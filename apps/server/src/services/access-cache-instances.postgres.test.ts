import type { FastifyInstance } from 'fastify';
import { type KyselyPlugin, SelectQueryNode, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { LISTENER_NAME } from '../db/change-feed';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { newResetToken, hashResetToken } from './set-password-links';
import { buildTestApp, login, type TestApp } from '../../test/build-test-app';
import { ANNA, accessBundle, MARCO, PASSWORD, SOFIA } from '../../test/fixtures';

// The session, person, participation and test of a request are kept in memory for a few seconds
// (access-cache.ts); with several instances each keeps its own (the copies on one instance: access-cache.test.ts).

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp(accessBundle);
});
afterEach(async () => t.close());

// Several instances share one PostgreSQL database, each with its own copies and its own listener. A
// second app here has its own connections and listener (as another process would), and counts the
// statements that read the sessions table.
describe('copies of who is asking, on two instances of one PostgreSQL database', () => {
  let b: { app: FastifyInstance; database: DatabaseHandle; sessionReads: () => number };
  beforeEach(async () => {
    const database = await openDatabase(t.database.url);
    let reads = 0;
    const counter: KyselyPlugin = {
      transformQuery({ node }) {
        if (SelectQueryNode.is(node) && JSON.stringify(node).includes('"name":"sessions"')) reads += 1;
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
