import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { importBundle } from '../import/import-bundle';
import { FRAME_ORIGINS_TTL_MS } from './security-frame-origins';

const testWithUrl = (id: number, url: string) => ({ id, abbreviation: `T${id}`, name: `Test ${id}`, url });

const bundle = {
  version: 1,
  tests: [
    testWithUrl(1, '/activities/numerical/'),
    testWithUrl(2, 'https://activities.partner.example/rag/?lang=it'),
    testWithUrl(3, 'HTTPS://Activities.Partner.Example:443/other/'),
    testWithUrl(4, 'http://127.0.0.1:4000/quiz/'),
    // Parsed by the URL parser, but ';' would end the directive.
    testWithUrl(5, 'https://a;script-src.example/'),
    testWithUrl(6, 'https://not a host/'),
    testWithUrl(7, 'javascript:alert(1)'),
  ],
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(bundle);
});
afterAll(async () => {
  await t.close();
});

function frameSrc(res: LightMyRequestResponse): string | undefined {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return csp.split(';').find((directive) => directive.startsWith('frame-src '));
}

describe('Content-Security-Policy frame-src', () => {
  it("lists the platform's activities and the origins of imported tests, nothing wider, never the app itself", async () => {
    const page = await t.app.inject({ url: '/test' });
    expect(page.statusCode).not.toBe(500);
    const directive = frameSrc(page);
    expect(directive).toBe('frame-src http://127.0.0.1:3001 http://127.0.0.1:4000 https://activities.partner.example');
    // Nobody frames the app: a page of the app is never an activity.
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(directive).not.toContain('https://unrelated.example');
    expect(directive?.split(' ')).not.toContain('https:');
    expect(directive).not.toContain('*');
  });

  it('lists a test imported by another process once the cached list expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await t.app.inject({ url: '/test' });
      const result = await importBundle(t.database, { version: 1, tests: [testWithUrl(8, 'https://late.example/activity/')] });
      expect(result.ok).toBe(true);
      expect(frameSrc(await t.app.inject({ url: '/test' }))).not.toContain('https://late.example');

      vi.setSystemTime(Date.now() + FRAME_ORIGINS_TTL_MS);
      expect(frameSrc(await t.app.inject({ url: '/test' }))).toContain(' https://late.example');
    } finally {
      vi.useRealTimers();
    }
  });
});
