import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import {
  C_ALFA,
  call,
  type Caller,
  ELIO,
  SERGIO,
  signInStaff,
  staffBundle,
  T_INTERVIEW,
  T_SCORED,
  T_SHARED,
  userId,
} from '../../../../../test/staff-fixtures';

// The campaign list's counts take only a participant's own tests (domain/candidate-tests.ts): the interview an
// assessor fills in, kept under the assessor's own name, is neither a start nor a finish of theirs.

let t: TestApp;
let sergio: Caller;

beforeAll(async () => {
  t = await buildTestApp(staffBundle);
  let elio: Caller;
  [sergio, elio] = await Promise.all([SERGIO, ELIO].map((e) => signInStaff(t.app, e)));
  const elioId = await userId(t.app, ELIO);
  // Elio, an assessor taking part, completes two of his three own tests and the interview he fills in about others.
  for (const test of [T_SCORED, T_SHARED, T_INTERVIEW]) {
    const done = await call(t.app, elio, 'POST', `/api/outcomes/${C_ALFA}/${test}/${elioId}`, { values: [] });
    expect(done.statusCode, done.body).toBe(200);
  }
  await t.app.scoring.idle();
});
afterAll(() => t.close());

describe('GET /api/staff/campaigns counts', () => {
  it("counts a participant as finished only once their own tests are, whatever the assessors' test says", async () => {
    const res = await call(t.app, sergio, 'GET', '/api/staff/campaigns');
    expect(res.statusCode).toBe(200);
    const campaign = res.json().campaigns.find((c: { id: number }) => c.id === C_ALFA);
    expect(campaign.counts).toEqual({ participants: 4, tests: 3, invited: 0, started: 1, finished: 0 });
  });
});
