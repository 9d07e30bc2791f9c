import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../../test/build-test-app';

describe('GET /api/health', () => {
  it('says the database answers, and 503 when it does not', async () => {
    const t = await buildTestApp();
    try {
      const ok = await t.app.inject({ url: '/api/health' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ status: true, database: 'ok' });
      await t.database.close();
      const down = await t.app.inject({ url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: false, database: 'unavailable' });
    } finally {
      await t.app.close();
    }
  });
});
