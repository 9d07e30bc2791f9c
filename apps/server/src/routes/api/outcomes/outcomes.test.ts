import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { ANNA, C_MAIN, type Caller, deliveryBundle, MARCO, signIn } from '../tests/test-delivery-fixtures';

let t: TestApp;
let anna: Caller;
let marco: Caller;
beforeAll(async () => {
  t = await buildTestApp(deliveryBundle);
  [anna, marco] = await Promise.all([signIn(t.app, ANNA), signIn(t.app, MARCO)]);
});
afterAll(() => t.close());

const post = (who: Caller, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
const get = (who: Caller, url: string) => t.app.inject({ url, headers: { cookie: who.cookie } });
const stored = (testId: number, userId: number, source: string) =>
  t.app.database.db
    .selectFrom('outcomes')
    .select('outcomes')
    .where('campaign_id', '=', C_MAIN)
    .where('test_id', '=', testId)
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .execute()
    .then((rows) => rows.map((r) => JSON.parse(r.outcomes)));

describe('POST /api/outcomes/:campaignId/:testId/:userId', () => {
  it("keeps the client's outcomes, marks the test complete, and takes no more once it is", async () => {
    const url = `/api/outcomes/${C_MAIN}/104/${marco.id}`;
    const first = await post(marco, url, {
      values: [
        { questionId: 1, value: 3 },
        { questionId: 50, answerId: 501, value: 1 },
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: true });
    const data = await get(marco, `/api/tests/104/data/${C_MAIN}/${marco.id}`);
    expect(data.json().data.status).toBe('complete');
    const again = await post(marco, url, { values: [{ questionId: 1, value: 5 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: false, code: 'TEST_COMPLETE' });
    expect(await stored(104, marco.id, 'client')).toEqual([
      [
        { questionId: 1, value: 3 },
        { questionId: 50, answerId: 501, value: 1 },
      ],
    ]);
  });

  it("scores a test with an algorithm when tracked outcomes complete it, beside the client's", async () => {
    await post(anna, `/api/tests/101/data/${C_MAIN}/${anna.id}`, { version: 1, data: { answers: { q1: 'b', q2: 'x', q3: 'x' } } });
    await post(anna, `/api/outcomes/${C_MAIN}/101/${anna.id}`, { values: [{ questionId: 'score', value: 100 }] });
    await t.app.scoring.idle();
    expect(await stored(101, anna.id, 'server')).toEqual([[{ questionId: 'score', value: 33 }]]);
    expect(await stored(101, anna.id, 'client')).toEqual([[{ questionId: 'score', value: 100 }]]);
  });

  it('takes outcomes sent again with the same idempotency key once, and answers the repeat as it did the first send', async () => {
    const url = `/api/outcomes/${C_MAIN}/104/${anna.id}`;
    const payload = { values: [{ questionId: 1, value: 4 }], idempotencyKey: 'first-send-of-anna-104' };
    // The first answer was lost on the way: the client sends the same outcomes again.
    expect((await post(anna, url, payload)).statusCode).toBe(200);
    const repeat = await post(anna, url, payload);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ status: true });
    // New outcomes (another key) for the now complete test are still refused, and nothing was stored twice.
    expect((await post(anna, url, { ...payload, idempotencyKey: 'second-write-of-anna-104' })).statusCode).toBe(409);
    expect(await stored(104, anna.id, 'client')).toEqual([[{ questionId: 1, value: 4 }]]);
    // A key is the caller's own: the same key from another person is another write.
    const other = await post(marco, `/api/outcomes/${C_MAIN}/104/${marco.id}`, { ...payload, values: [] });
    expect(other.statusCode).toBe(409);
    const malformed = await post(anna, url, { ...payload, idempotencyKey: 'short' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors[0].path).toBe('body.idempotencyKey');
  });

  it("refuses someone else's outcomes and bad bodies", async () => {
    expect((await post(marco, `/api/outcomes/${C_MAIN}/104/${anna.id}`, { values: [] })).statusCode).toBe(403);
    const bad = await post(marco, `/api/outcomes/${C_MAIN}/104/${marco.id}`, { values: [{ value: 1 }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].path).toBe('body.values.0.questionId');
  });
});
