import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_QUOTA } from '@prova/contract/limits';
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
    expect(huge.statusCode).toBe(422);
    const missing = await t.app.inject({ method: 'POST', url: '/api/logs', headers: { cookie: marco.cookie }, payload: {} });
    expect(missing.statusCode).toBe(422);
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

describe('the logs bounds', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const post = (cookie: string, fields: Record<string, unknown>, pad = 0) =>
    t.app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { cookie },
      payload: { data: JSON.stringify({ ...fields, pad: 'x'.repeat(pad) }) },
    });
  /** What the person logged before: `n` entries of `bytes` each, `ageMs` ago, of the test each index gives. */
  async function logged(userId: number, n: number, opts: { bytes?: number; ageMs?: number; testId?: (i: number) => number | null }) {
    const at = new Date(Date.now() - (opts.ageMs ?? 60_000)).toISOString();
    const rows = Array.from({ length: n }, (_, i) => ({
      user_id: userId,
      campaign_id: C_MAIN,
      test_id: opts.testId ? opts.testId(i) : 101,
      data: '{}',
      bytes: opts.bytes ?? 2,
      created_at: at,
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await t.app.database.db
        .insertInto('logs')
        .values(rows.slice(i, i + 1000))
        .execute();
  }
  const refusal = { status: false, code: 'LOG_QUOTA_EXCEEDED' };

  it("refuses a person's entries of one test past the day's count, with a code the queue drops them by", async () => {
    await t.app.database.db.deleteFrom('logs').execute();
    const marco = await signIn(t.app, MARCO, C_MAIN);
    // The day before yesterday's entries no longer count.
    await logged(marco.id, 50, { ageMs: 2 * DAY_MS });
    await logged(marco.id, LOG_QUOTA.perTest.entries - 1, {});
    expect((await post(marco.cookie, { message: 'last of the day', testId: 101 })).statusCode).toBe(200);
    const refused = await post(marco.cookie, { message: 'one too many', testId: 101 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject(refusal);
    const kept = await t.app.database.db.selectFrom('logs').select('data').where('data', 'like', '%one too many%').execute();
    expect(kept).toEqual([]);
    // Another test has a quota of its own.
    expect((await post(marco.cookie, { message: 'another test', testId: 102 })).statusCode).toBe(200);
  });

  it("refuses a person's entries past the day's bytes, of one test and in all, whatever test ids they name", async () => {
    await t.app.database.db.deleteFrom('logs').execute();
    const marco = await signIn(t.app, MARCO, C_MAIN);
    await logged(marco.id, 4, { bytes: (LOG_QUOTA.perTest.bytes - 10_000) / 4 });
    expect((await post(marco.cookie, { testId: 101 }, 5_000)).statusCode).toBe(200);
    const refused = await post(marco.cookie, { testId: 101 }, 10_000);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject(refusal);

    // Made-up test ids, each under its own quota, still add up to the person's.
    await t.app.database.db.deleteFrom('logs').execute();
    await logged(marco.id, 8, { bytes: LOG_QUOTA.perPerson.bytes / 8, testId: (i) => 1000 + i });
    expect((await post(marco.cookie, { testId: 5000 })).json()).toMatchObject(refusal);
    await t.app.database.db.deleteFrom('logs').execute();
    await logged(marco.id, LOG_QUOTA.perPerson.entries, { testId: (i) => 1000 + i });
    expect((await post(marco.cookie, { testId: 5000 })).json()).toMatchObject(refusal);
    expect((await post(marco.cookie, {})).json()).toMatchObject(refusal);
  });

  it('the retention purge deletes the entries older than LOG_RETENTION_DAYS (90 by default), and only those', async () => {
    await t.app.database.db.deleteFrom('logs').execute();
    const marco = await signIn(t.app, MARCO, C_MAIN);
    await logged(marco.id, 3, { ageMs: 91 * DAY_MS });
    await logged(marco.id, 2, { ageMs: 89 * DAY_MS });
    expect((await post(marco.cookie, { message: 'today' })).statusCode).toBe(200);
    expect(await t.app.logRetention.purge()).toBe(3);
    const left = await t.app.database.db.selectFrom('logs').select('created_at').execute();
    expect(left).toHaveLength(3);
    expect(left.every((row) => Date.parse(row.created_at) > Date.now() - 90 * DAY_MS)).toBe(true);
    expect(await t.app.logRetention.purge()).toBe(0);
  });

  it('a shorter LOG_RETENTION_DAYS is kept to, in batches', async () => {
    const own = await buildTestApp(deliveryBundle, { env: { LOG_RETENTION_DAYS: '7' } });
    try {
      const marco = await signIn(own.app, MARCO, C_MAIN);
      const at = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
      const row = (days: number) => ({ user_id: marco.id, campaign_id: null, test_id: null, data: '{}', created_at: at(days) });
      await own.app.database.db
        .insertInto('logs')
        .values([...Array.from({ length: 12 }, () => row(8)), row(6)])
        .execute();
      expect(await own.app.repos.logs.purgeOlderThan(new Date(Date.parse(at(7))), 5)).toBe(12);
      await own.app.database.db
        .insertInto('logs')
        .values([row(8), row(8)])
        .execute();
      expect(await own.app.logRetention.purge()).toBe(2);
      expect(await own.app.database.db.selectFrom('logs').select('id').execute()).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
