import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { ANNA, authBundle, PASSWORD } from '../../test/fixtures';

describe('the request log', () => {
  it('has one line per request, when it is answered: method, redacted path, status and time taken', async () => {
    const lines: Record<string, any>[] = [];
    const t = await buildTestApp(authBundle, {
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    try {
      const health = await t.app.inject({ url: '/api/health' });
      const refused = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: ANNA, password: `${PASSWORD}x` } });
      const page = await t.app.inject({ url: '/new_password/4f9c1e0d2b/anna%40alfa.example' });
      expect([health.statusCode, refused.statusCode]).toEqual([200, 422]);
      const requests = lines.filter((l) => l.req || l.res);
      expect(requests.map((l) => [l.msg, l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
        ['request completed', 'GET', '/api/health', 200],
        ['request completed', 'POST', '/api/auth/login', 422],
        ['request completed', 'GET', '/new_password/[redacted]', page.statusCode],
      ]);
      for (const line of requests) expect(line.responseTime).toEqual(expect.any(Number));
      expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
    } finally {
      await t.close();
    }
  });
});
