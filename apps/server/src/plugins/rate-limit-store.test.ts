import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherInstance, buildTestApp, type TestApp } from '../../test/build-test-app';
import { authBundle } from '../../test/fixtures';

// The routes' own limits (config.rateLimit) are counted in the database: two app instances over one
// database let through what one would. The two-instance test (test/scale) runs the same behind nginx.
// (The sign-in counts its requests with its own read: sign-in-guard.test.ts.)

let t: TestApp;
let second: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp(authBundle);
  second = await anotherInstance(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** The single sign-on start: 30 a minute from one address (a company nobody has: it goes back to the sign-in page). */
const LIMIT = 30;
const ssoStart = (app: FastifyInstance, remoteAddress: string) => app.inject({ url: '/api/v2/auth/sso/no-such-company', remoteAddress });

describe('route limits counted in the database', () => {
  it('hold across instances, per route and caller, until the window ends', async () => {
    // Half on each instance.
    const answers: number[] = [];
    for (let i = 0; i < LIMIT; i++) answers.push((await ssoStart(i % 2 ? second : t.app, '10.9.0.1')).statusCode);
    expect(answers).toEqual(Array(LIMIT).fill(302));
    const over = await ssoStart(second, '10.9.0.1');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ status: false, code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await ssoStart(t.app, '10.9.0.1')).statusCode).toBe(429);

    // Another caller, and another route for the same caller, count on their own.
    expect((await ssoStart(t.app, '10.9.0.2')).statusCode).toBe(302);
    const callback = await second.inject({ url: '/api/v2/auth/sso/no-such-company/callback', remoteAddress: '10.9.0.1' });
    expect(callback.statusCode).not.toBe(429);

    // A minute later (the window moved into the past, as time would) the caller may start again.
    await t.database.db
      .updateTable('sign_in_throttle')
      .set({ window_start: new Date(Date.now() - 61_000).toISOString() })
      .where('key', 'like', 'rate-limit:%')
      .execute();
    expect((await ssoStart(second, '10.9.0.1')).statusCode).toBe(302);
  });

  // Requests that arrive together are counted in one statement: each is still one more request.
  it('let through no more than the limit of requests that arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: LIMIT + 6 }, (_, i) => ssoStart(i % 2 ? second : t.app, '10.9.0.3')));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([...Array(LIMIT).fill(302), ...Array(6).fill(429)]);
  });
});
