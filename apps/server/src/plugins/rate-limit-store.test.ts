import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { ANNA, authBundle, PASSWORD } from '../../test/fixtures';

// The routes' own limits (config.rateLimit) are counted in the database: two app instances over one
// database let through what one would. The two-instance test (test/scale) runs the same behind nginx.

let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp(authBundle);
  second = await buildApp({
    env: loadEnv({ PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', DEMO: '0', SWEEP_INTERVAL_MS: '0' }),
    database: t.database,
    logger: false,
  });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const login = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: ANNA, password: PASSWORD }, remoteAddress });

describe('route limits counted in the database', () => {
  it('hold across instances, per route and caller, until the window ends', async () => {
    // Sign-in: 10 a minute for one address and account; five on each instance.
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await login(i % 2 ? second : t.app, '10.9.0.1')).statusCode);
    expect(answers).toEqual(Array(10).fill(200));
    const over = await login(second, '10.9.0.1');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await login(t.app, '10.9.0.1')).statusCode).toBe(429);

    // Another caller, and another route for the same caller, count on their own.
    expect((await login(t.app, '10.9.0.2')).statusCode).toBe(200);
    const sso = await second.inject({ url: '/api/v2/auth/sso/no-such-company', remoteAddress: '10.9.0.1' });
    expect(sso.statusCode).toBe(302);

    // A minute later (the window moved into the past, as time would) the caller may sign in again.
    await t.database.db
      .updateTable('sign_in_throttle')
      .set({ window_start: new Date(Date.now() - 61_000).toISOString() })
      .where('key', 'like', 'rate-limit:%')
      .execute();
    expect((await login(second, '10.9.0.1')).statusCode).toBe(200);
  });

  // Requests that arrive together are counted in one statement: each is still one more request.
  it('let through no more than the limit of requests that arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => login(i % 2 ? second : t.app, '10.9.0.3')));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([...Array(10).fill(200), ...Array(6).fill(429)]);
  });
});
