import type { LightMyRequestResponse } from 'fastify';
import { bundleTestSchema } from '@prova/contract/bundle';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { activityOriginsOfEnv, loadEnv } from '../config/env';
import { importBundle } from '../import/import-bundle';
import { toTestRow } from '../import/write-tests';

const PARTNER = 'https://activities.partner.example';
const OTHER = 'http://127.0.0.1:4000';
const ENV = { ACTIVITY_ORIGINS: `${PARTNER}, ${OTHER}/` };

const testWithUrl = (id: number, url: string) => ({ id, abbreviation: `T${id}`, name: `Test ${id}`, url });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    {
      version: 1,
      tests: [
        testWithUrl(1, '/activities/numerical/'),
        testWithUrl(2, `${PARTNER}/rag/?lang=it`),
        testWithUrl(3, 'HTTPS://Activities.Partner.Example:443/other/'),
        testWithUrl(4, `${OTHER}/quiz/`),
      ],
    },
    { env: ENV },
  );
});
afterAll(async () => {
  await t.close();
});

function frameSrc(res: LightMyRequestResponse): string | undefined {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return csp.split(';').find((directive) => directive.startsWith('frame-src '));
}

/** Every header's name and value as they go on the wire. */
const headerBytes = (res: LightMyRequestResponse) =>
  Object.entries(res.headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);

/** A host name as long as DNS allows labels to be, different for each test. */
const longHost = (i: number) => `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.t${i}.example`;

describe('Content-Security-Policy frame-src', () => {
  it("lists the platform's activities and the operator's ACTIVITY_ORIGINS, nothing wider, never the app itself", async () => {
    const page = await t.app.inject({ url: '/test' });
    expect(page.statusCode).not.toBe(500);
    const directive = frameSrc(page);
    expect(directive).toBe(`frame-src http://127.0.0.1:3001 ${PARTNER} ${OTHER}`);
    // Nobody frames the app: a page of the app is never an activity.
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(directive?.split(' ')).not.toContain('https:');
    expect(directive).not.toContain('*');
  });

  it("lets pages show pictures from the platform's activities origin (a test's image), not from every origin it frames", async () => {
    const csp = String((await t.app.inject({ url: '/test' })).headers['content-security-policy'] ?? '');
    const imgSrc = csp.split(';').find((directive) => directive.startsWith('img-src '));
    expect(imgSrc).toBe("img-src 'self' data: https: http://127.0.0.1:3001");
    expect(imgSrc).not.toContain(OTHER);
  });

  it('stays the same size however many tests on other origins the database holds', async () => {
    const urls = ['/login', '/', '/test', '/api/auth/me', '/api/health'];
    const before = await Promise.all(urls.map((url) => t.app.inject({ url })));
    // 150 tests with long host names, as rows (an import refuses them, below; rows written before that rule stay).
    await t.database.db
      .insertInto('tests')
      .values(
        Array.from({ length: 150 }, (_, i) => {
          const { id, ...test } = bundleTestSchema.parse(testWithUrl(1000 + i, `https://${longHost(i)}/activity/`));
          return { id, ...toTestRow({ ...test, url: test.url ?? '' }) };
        }),
      )
      .execute();
    // Long enough for any cache of what the database holds to be read again.
    vi.useFakeTimers({ toFake: ['Date'] });
    let after: LightMyRequestResponse[];
    try {
      vi.setSystemTime(Date.now() + 60_000);
      after = await Promise.all(urls.map((url) => t.app.inject({ url })));
    } finally {
      vi.useRealTimers();
    }
    after.forEach((res, i) => {
      expect(res.statusCode, urls[i]).toBeLessThan(500);
      expect(frameSrc(res) ?? '', urls[i]).not.toContain('.example/');
      expect(String(res.headers['content-security-policy']), urls[i]).not.toContain(longHost(0));
      expect(headerBytes(res), urls[i]).toBe(headerBytes(before[i]!));
      // Well inside nginx's default 4 KB buffer for a response's headers.
      expect(headerBytes(res), urls[i]).toBeLessThan(2048);
    });
  });
});

describe('test urls at import', () => {
  const origins = activityOriginsOfEnv(loadEnv({ ...ENV }));

  it("refuses a url on an origin outside the operator's list, naming the test", async () => {
    const result = await importBundle(
      t.database,
      {
        version: 1,
        tests: [
          testWithUrl(11, `https://${longHost(1)}/activity/`),
          testWithUrl(12, '//cdn.elsewhere.example/x'),
          testWithUrl(13, 'javascript:alert(1)'),
          testWithUrl(14, `${PARTNER}/ok/`),
          testWithUrl(15, '/activities/workstyles/'),
        ],
      },
      { activityOrigins: origins },
    );
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toContainEqual(
      expect.stringMatching(new RegExp(`^tests\\[0\\]\\.url: https://${longHost(1)} is not an origin this platform frames`)),
    );
    expect(problems).toContainEqual(expect.stringMatching(/^tests\[1\]\.url: http:\/\/cdn\.elsewhere\.example is not an origin/));
    expect(problems).toContain('tests[2].url: Expected an http(s) URL or a path');
    expect(problems.filter((p) => p.startsWith('tests[3]') || p.startsWith('tests[4]'))).toEqual([]);
  });

  it('refuses every absolute url without the server settings (paths only)', async () => {
    const result = await importBundle(t.database, { version: 1, tests: [testWithUrl(16, `${PARTNER}/ok/`)] });
    expect(result.ok ? [] : result.problems).toEqual([
      expect.stringMatching(/^tests\[0\]\.url: https:\/\/activities\.partner\.example is not an origin/),
    ]);
  });
});
