// The SDK and the activity kit are what activities on any origin load from the platform.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let t: TestApp;
let sdkRoot: string;
beforeAll(async () => {
  sdkRoot = mkdtempSync(join(tmpdir(), 'prova-sdk-'));
  for (const dir of [sdkRoot, join(sdkRoot, '1.0.0'), join(sdkRoot, '1.0.0', 'kit')]) mkdirSync(dir, { recursive: true });
  writeFileSync(join(sdkRoot, 'prova-activity.js'), 'window.ProvaActivity = {};');
  writeFileSync(join(sdkRoot, '1.0.0', 'prova-activity.js'), 'window.ProvaActivity = {};');
  writeFileSync(join(sdkRoot, '1.0.0', 'kit', 'prova-kit.css'), ':root {}');
  t = await buildTestApp(undefined, { sdkRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(sdkRoot, { recursive: true, force: true });
});

describe('/sdk/', () => {
  it('may be loaded by a page of any origin', async () => {
    for (const url of ['/sdk/prova-activity.js', '/sdk/1.0.0/prova-activity.js', '/sdk/1.0.0/kit/prova-kit.css']) {
      const res = await t.app.inject({ url, headers: { origin: 'http://127.0.0.1:4999', 'sec-fetch-site': 'cross-site' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
    }
  });

  it('caches a versioned file for a year and revalidates the unversioned one', async () => {
    const versioned = await t.app.inject({ url: '/sdk/1.0.0/prova-activity.js' });
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(versioned.headers['content-type']).toMatch(/javascript/);
    const latest = await t.app.inject({ url: '/sdk/prova-activity.js' });
    expect(latest.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
  });

  it('keeps the rest of the app same-origin, and answers 404 for what is not there', async () => {
    const api = await t.app.inject({ url: '/api/auth/me' });
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(api.headers['access-control-allow-origin']).toBeUndefined();
    expect((await t.app.inject({ url: '/sdk/9.9.9/prova-activity.js' })).statusCode).toBe(404);
  });
});
