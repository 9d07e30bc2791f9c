import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadEnv } from '../config/env';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';

let app: FastifyInstance;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    env: loadEnv({ PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', DEMO: '0', SWEEP_INTERVAL_MS: '0' }),
    database,
    logger: false,
  });
  // A route whose handler forgot to check who is asking.
  app.get('/api/forgotten-check', async () => ({ secret: 'anyone can read this' }));
  app.get('/outside-api', async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.destroy();
});

describe('default deny', () => {
  it('refuses every /api route without a session, even one whose handler never checks', async () => {
    const res = await app.inject({ url: '/api/forgotten-check' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, code: 'UNAUTHENTICATED' });
    expect(res.body).not.toContain('anyone can read this');
    const head = await app.inject({ method: 'HEAD', url: '/api/forgotten-check' });
    expect(head.statusCode).toBe(401);
  });

  it('lets the public routes and what is outside /api through', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody@x.example', password: 'wrong-one' },
    });
    expect(login.json().code).toBe('WRONG_CREDENTIALS');
    expect((await app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/outside-api' })).statusCode).toBe(200);
  });
});
