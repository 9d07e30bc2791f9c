import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildActivitiesApp } from './activities-app';
import { loadEnv } from './config/env';
import { buildTestApp, type TestApp } from '../test/build-test-app';

let root: string;
let activities: FastifyInstance;
let t: TestApp;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'prova-activities-'));
  mkdirSync(join(root, 'activities', 'quiz'), { recursive: true });
  mkdirSync(join(root, 'sdk'));
  writeFileSync(join(root, 'activities', 'quiz', 'index.html'), '<!doctype html><title>Quiz</title>');
  writeFileSync(join(root, 'sdk', 'prova-activity.js'), 'window.ProvaActivity = {};');
  const env = loadEnv({ PUBLIC_URL: 'https://prova.example.com', ACTIVITIES_URL: 'https://activities.example.net', LOG_LEVEL: 'silent' });
  activities = await buildActivitiesApp({ env, activitiesRoot: join(root, 'activities'), sdkRoot: join(root, 'sdk'), logger: false });
  t = await buildTestApp();
});
afterAll(async () => {
  await activities.close();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the activities origin', () => {
  it('serves the activities and the SDK, framed by the app only and talking to their own origin only', async () => {
    const page = await activities.inject({ url: '/activities/quiz/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Quiz</title>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors https://prova.example.com');
    expect(csp).toContain("connect-src 'self'");
    expect((await activities.inject({ url: '/sdk/prova-activity.js' })).statusCode).toBe(200);
  });

  it('has no API, no app and no session', async () => {
    for (const url of ['/api/auth/me', '/', '/login']) {
      const res = await activities.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it("is never the app's origin: the app sends an old activity link on to it", async () => {
    const res = await t.app.inject({ url: '/activities/numerical/?provaHost=x' });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('http://127.0.0.1:3001/activities/numerical/?provaHost=x');
  });
});
