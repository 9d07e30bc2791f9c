import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { ANNA, C_MAIN, type Caller, deliveryBundle, ELENA, MARCO, signIn } from '../tests/test-delivery-fixtures';

let t: TestApp;
let anna: Caller;
let marco: Caller;
let elena: Caller;
beforeAll(async () => {
  t = await buildTestApp(deliveryBundle);
  [anna, marco, elena] = await Promise.all([signIn(t.app, ANNA), signIn(t.app, MARCO), signIn(t.app, ELENA)]);
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

describe('assessor calls', () => {
  it('lists the samples of an assessor, and refuses candidates', async () => {
    const res = await get(elena, `/api/users/assessed/${C_MAIN}/201`);
    expect(res.json()).toEqual({ status: true, samples: [{ id: anna.id, firstName: 'Anna', lastName: 'Rossi' }] });
    expect((await get(elena, `/api/users/assessed/${C_MAIN}/101`)).json().samples).toEqual([]);
    expect((await get(marco, `/api/users/assessed/${C_MAIN}/201`)).statusCode).toBe(403);
  });

  it('records assessed outcomes about an assigned person only, and reads them back', async () => {
    const url = `/api/tests/201/assessedOutcomes/${C_MAIN}`;
    expect((await get(elena, url)).json()).toEqual({ status: true, list: [{ userId: anna.id, outcomes: [] }] });
    const saved = await post(elena, `${url}/${anna.id}`, { values: [{ questionId: 'empatia', value: 4 }] });
    expect(saved.json()).toEqual({ status: true });
    expect((await get(elena, url)).json().list).toEqual([{ userId: anna.id, outcomes: [{ questionId: 'empatia', value: 4 }] }]);
    expect(await stored(201, anna.id, 'assessor')).toEqual([[{ questionId: 'empatia', value: 4 }]]);
    expect((await post(elena, `${url}/${marco.id}`, { values: [{ questionId: 'empatia', value: 1 }] })).statusCode).toBe(403);
    expect((await post(marco, `${url}/${anna.id}`, { values: [{ questionId: 'empatia', value: 1 }] })).statusCode).toBe(403);
    expect((await get(marco, url)).statusCode).toBe(403);
  });
});
