import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_DATA_MAX_CHARS } from '@prova/contract/tests';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { C_BETA, C_MAIN, deliveryBundle, MARCO, signIn } from '../tests/test-delivery-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(deliveryBundle);
});
afterAll(() => t.close());

describe('POST /api/logs', () => {
  it('keeps a log entry of the signed-in caller, within a size bound', async () => {
    const marco = await signIn(t.app, MARCO, C_MAIN);
    const data = JSON.stringify({ level: 'error', message: 'iframe failed', testId: 101 });
    const res = await t.app.inject({ method: 'POST', url: '/api/logs', headers: { cookie: marco.cookie }, payload: { data } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    const rows = await t.app.database.db.selectFrom('logs').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: marco.id, campaign_id: C_MAIN, test_id: 101, data });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { cookie: marco.cookie },
      payload: { data: 'x'.repeat(LOG_DATA_MAX_CHARS + 1) },
    });
    expect(huge.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/logs', headers: { cookie: marco.cookie }, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('body.data');
    expect((await t.app.inject({ method: 'POST', url: '/api/logs', payload: { data } })).statusCode).toBe(401);
  });

  it('keeps an entry sent again with the same idempotency key once', async () => {
    const marco = await signIn(t.app, MARCO, C_MAIN);
    const data = JSON.stringify({ message: 'sent twice' });
    const send = (idempotencyKey: string) =>
      t.app.inject({ method: 'POST', url: '/api/logs', headers: { cookie: marco.cookie }, payload: { data, idempotencyKey } });
    const answers = await Promise.all([send('log-entry-key-000001'), send('log-entry-key-000001')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await send('log-entry-key-000001')).statusCode).toBe(200);
    const count = () => t.app.database.db.selectFrom('logs').select('id').where('data', '=', data).execute();
    expect(await count()).toHaveLength(1);
    // Another key is another entry, even with the same text.
    expect((await send('log-entry-key-000002')).statusCode).toBe(200);
    expect(await count()).toHaveLength(2);
  });

  it("never files a log under a campaign that is not the caller's", async () => {
    const marco = await signIn(t.app, MARCO, C_MAIN);
    const data = JSON.stringify({ message: 'planted', campaignId: C_BETA });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logs', headers: { cookie: marco.cookie }, payload: { data } })).statusCode,
    ).toBe(200);
    const row = await t.app.database.db.selectFrom('logs').selectAll().where('data', '=', data).executeTakeFirstOrThrow();
    expect(row.campaign_id).toBe(C_MAIN);
  });
});
