import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import {
  C_ALFA,
  C_ALFA_360,
  call,
  CARLA,
  type Caller,
  DARIO,
  ELIO,
  SERGIO,
  signInStaff,
  staffBundle,
  T_INTERVIEW,
  T_SCORED,
  T_SHARED,
  userId,
} from '../../../../../test/staff-fixtures';

// The campaign list's counts are of the campaign's candidates: an assessor it lists for access is none of them, and
// only a candidate's own tests (domain/candidate-tests.ts) and, in a 360, the evaluations they give count as begun
// and finished.

let t: TestApp;
let sergio: Caller;
let carla: Caller;

const countsOf = async (campaignId: number) =>
  (await call(t.app, sergio, 'GET', '/api/staff/campaigns')).json().campaigns.find((c: { id: number }) => c.id === campaignId).counts;

beforeAll(async () => {
  t = await buildTestApp(staffBundle);
  let elio: Caller;
  [sergio, elio, carla] = await Promise.all([SERGIO, ELIO, CARLA].map((e) => signInStaff(t.app, e)));
  const elioId = await userId(t.app, ELIO);
  // Elio, the campaign's assessor, completes tests and the interview he fills in about others.
  for (const test of [T_SCORED, T_SHARED, T_INTERVIEW]) {
    const done = await call(t.app, elio, 'POST', `/api/outcomes/${C_ALFA}/${test}/${elioId}`, { values: [] });
    expect(done.statusCode, done.body).toBe(200);
  }
  await t.app.scoring.idle();
});
afterAll(() => t.close());

describe('GET /api/staff/campaigns counts', () => {
  it('counts the candidates only: the assessor taking tests is neither a participant nor a start', async () => {
    expect(await countsOf(C_ALFA)).toEqual({ participants: 3, tests: 3, invited: 0, started: 0, finished: 0 });
  });

  it('counts a 360 rater who has answered as begun, and one who has given every evaluation as finished', async () => {
    expect(await countsOf(C_ALFA_360)).toEqual({ participants: 2, tests: 0, invited: 0, started: 0, finished: 0 });
    const [carlaId, darioId] = await Promise.all([CARLA, DARIO].map((e) => userId(t.app, e)));
    const save = (evaluee: number, body: object) => call(t.app, carla, 'POST', `/api/tests/360/data/${C_ALFA_360}/${evaluee}`, body);
    expect((await save(carlaId, { version: 1, data: { closed: { '1': 4 } } })).statusCode).toBe(200);
    expect(await countsOf(C_ALFA_360)).toMatchObject({ started: 1, finished: 0 });
    expect((await save(carlaId, { version: 2, data: { closed: { '1': 4 } }, finished: true })).statusCode).toBe(200);
    expect(await countsOf(C_ALFA_360), 'one of her two evaluations finished').toMatchObject({ started: 1, finished: 0 });
    expect((await save(darioId, { version: 1, data: { closed: { '1': 3 } }, finished: true })).statusCode).toBe(200);
    expect(await countsOf(C_ALFA_360)).toMatchObject({ started: 1, finished: 1 });
  });
});
