import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { activityOriginsOfEnv, loadEnv } from '../src/config/env';
import { type AppOptions, buildApp } from '../src/app';
import { importBundle } from '../src/import/import-bundle';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  close(): Promise<void>;
}

/** The real app over a fresh, migrated database (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
export async function buildTestApp(
  bundle?: object,
  options: Pick<AppOptions, 'onRoute' | 'sdkRoot' | 'webRoot' | 'logger'> & { env?: Record<string, string> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const env = testEnv(options.env);
  if (bundle) {
    const result = await importBundle(database, bundle, { activityOrigins: activityOriginsOfEnv(env) });
    if (!result.ok) throw new Error(`test bundle invalid:\n${result.problems.join('\n')}`);
  }
  const { onRoute, sdkRoot, webRoot, logger = false } = options;
  const app = await buildApp({ env, database, logger, onRoute, sdkRoot, webRoot });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

// No background sweep: tests call app.scoring.sweep() when they mean it.
const testEnv = (env: Record<string, string> = {}) =>
  loadEnv({ PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', DEMO: '0', SWEEP_INTERVAL_MS: '0', ...env });

/** Another instance of the app over the same database, as a second process behind the same proxy would be. Close it. */
export async function anotherInstance(t: TestApp, env?: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({ env: testEnv(env), database: t.database, logger: false });
  await app.ready();
  return app;
}

/** A cookie jar for one signed-in caller. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'prova_session');
  if (!cookie) throw new Error(`no session cookie (status ${response.statusCode}: ${response.body})`);
  return `prova_session=${cookie.value}`;
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
  return sessionCookie(response);
}

export interface SignedIn {
  cookie: string;
  id: number;
}

/** Signs a person in and selects the campaign they work in: their cookie and user id. */
export async function signIn(app: FastifyInstance, email: string, password: string, campaignId: number): Promise<SignedIn> {
  const cookie = await login(app, email, password);
  const selected = await app.inject({ method: 'POST', url: `/api/usercampaign/${campaignId}`, headers: { cookie }, payload: {} });
  if (selected.statusCode !== 200) throw new Error(`${email} cannot select ${campaignId}: ${selected.body}`);
  const me = await app.inject({ url: '/api/auth/me', headers: { cookie } });
  return { cookie, id: me.json().user.id };
}
