import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import {
  ADA,
  BEA,
  BEN,
  C_ALFA,
  C_ALFA_360,
  call,
  type Caller,
  CARLA,
  DARIO,
  ELIO,
  signInStaff,
  staffBundle,
  T_INTERVIEW,
  T_SCORED,
  T_TIMED,
  userId,
} from '../../../../../test/staff-fixtures';

let t: TestApp;
let ada: Caller;
let bea: Caller;
let carla: Caller;
let elio: Caller;
let carlaId: number;

beforeAll(async () => {
  t = await buildTestApp(staffBundle);
  [ada, bea, carla, elio] = await Promise.all([ADA, BEA, CARLA, ELIO].map((e) => signInStaff(t.app, e)));
  carlaId = await userId(t.app, CARLA);
  await call(t.app, carla, 'POST', `/api/usercampaign/${C_ALFA}`, { lang: 'IT_it' });
  await call(t.app, elio, 'POST', `/api/usercampaign/${C_ALFA}`, { lang: 'IT_it' });
});
afterAll(() => t.close());

const resetUrl = (userId: number, testId: number, campaign = C_ALFA) =>
  `/api/staff/campaigns/${campaign}/participants/${userId}/tests/${testId}/reset`;
const db = () => t.app.database.db;

describe('POST .../participants/:userId/tests/:testId/reset', () => {
  it('moves the attempt and its outcomes to the history, and the test starts over for the candidate', async () => {
    // Carla saves twice, finishes, and the server scores the test.
    await call(t.app, carla, 'POST', `/api/tests/${T_SCORED}/sync/${C_ALFA}/${carlaId}`, {
      version: 3,
      status: 'incomplete',
      data: '{"step":3}',
    });
    expect(
      (await call(t.app, carla, 'POST', `/api/outcomes/${C_ALFA}/${T_SCORED}/${carlaId}`, { values: [{ questionId: 'mine', value: 1 }] }))
        .statusCode,
    ).toBe(200);
    await t.app.scoring.idle();
    const before = await db()
      .selectFrom('outcomes')
      .select(['source'])
      .where('user_id', '=', carlaId)
      .where('test_id', '=', T_SCORED)
      .execute();
    expect(before.map((o) => o.source).sort()).toEqual(['client', 'server']);

    const res = await call(t.app, ada, 'POST', resetUrl(carlaId, T_SCORED), { reason: 'connection lost during the test' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      cell: { testId: T_SCORED, status: 'not attempted', startedAt: null, updatedAt: expect.any(String), previousAttempts: 1 },
      archived: { attempts: 1, outcomes: 2 },
    });

    const history = await db().selectFrom('test_progress_history').selectAll().where('user_id', '=', carlaId).execute();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      test_id: T_SCORED,
      status: 'complete',
      data: '{"step":3}',
      reason: expect.stringMatching(/^reset by staff \d+: connection lost/),
    });
    const kept = await db().selectFrom('outcomes_history').selectAll().where('user_id', '=', carlaId).execute();
    expect(kept.map((o) => o.source).sort()).toEqual(['client', 'server']);
    expect(await db().selectFrom('outcomes').select('id').where('user_id', '=', carlaId).where('test_id', '=', T_SCORED).execute()).toEqual(
      [],
    );

    // The candidate may start it again; a save left over from the old attempt does not come back.
    const tests = (await call(t.app, carla, 'GET', '/api/usertests')).json().tests;
    expect(tests.find((x: { id: number }) => x.id === T_SCORED)).toMatchObject({ status: 'incomplete', canStart: true, version: 4 });
    const stale = await call(t.app, carla, 'POST', `/api/tests/${T_SCORED}/data/${C_ALFA}/${carlaId}`, { version: 3, data: '{"step":4}' });
    expect(stale.json()).toMatchObject({ stored: false, version: 4 });
    const progress = (await call(t.app, ada, 'GET', `/api/staff/campaigns/${C_ALFA}/progress?q=carla`)).json();
    expect(progress.participants[0].cells[0]).toMatchObject({ status: 'not attempted', previousAttempts: 1 });
    const notStarted = (
      await call(t.app, ada, 'GET', `/api/staff/campaigns/${C_ALFA}/progress?q=carla&status=not%20attempted&testId=${T_SCORED}`)
    ).json();
    expect(notStarted.participants.map((p: { user: { id: number } }) => p.user.id)).toEqual([carlaId]);
  });

  it("starts a timed test's clock again at the next opening, not at the reset", async () => {
    const opened = await call(t.app, carla, 'POST', `/api/tests/${T_TIMED}/start/${C_ALFA}/${carlaId}`);
    expect(opened.statusCode).toBe(200);
    await db()
      .updateTable('test_progress')
      .set({ started_at: '2026-01-01T00:00:00.000Z', ends_at: '2026-01-01T00:10:00.000Z' })
      .where('user_id', '=', carlaId)
      .where('test_id', '=', T_TIMED)
      .execute();
    expect((await call(t.app, ada, 'POST', resetUrl(carlaId, T_TIMED), {})).json().archived).toEqual({ attempts: 1, outcomes: 0 });
    // The language the attempt was opened in goes to the history with it.
    const archived = await db()
      .selectFrom('test_progress_history')
      .select('lang')
      .where('user_id', '=', carlaId)
      .where('test_id', '=', T_TIMED)
      .executeTakeFirstOrThrow();
    expect(archived.lang).toBe('IT_it');
    const again = await call(t.app, carla, 'POST', `/api/tests/${T_TIMED}/start/${C_ALFA}/${carlaId}`);
    expect(again.json().timing.remainingSeconds).toBeGreaterThan(9 * 60);
  });

  it("starts a timed test's clock at the first save after a reset, should the candidate's page still be open", async () => {
    expect((await call(t.app, carla, 'POST', `/api/tests/${T_TIMED}/start/${C_ALFA}/${carlaId}`)).statusCode).toBe(200);
    expect((await call(t.app, ada, 'POST', resetUrl(carlaId, T_TIMED), {})).statusCode).toBe(200);
    const clock = () =>
      db()
        .selectFrom('test_progress')
        .select(['started_at', 'ends_at', 'version', 'data', 'lang'])
        .where('user_id', '=', carlaId)
        .where('test_id', '=', T_TIMED)
        .executeTakeFirstOrThrow();
    const reset = await clock();
    expect(reset).toMatchObject({ started_at: null, ends_at: null, lang: null });

    const save = (version: number) =>
      call(t.app, carla, 'POST', `/api/tests/${T_TIMED}/data/${C_ALFA}/${carlaId}`, { version, data: `v${version}` });
    expect((await save(reset.version + 1)).json()).toMatchObject({ stored: true });
    const started = await clock();
    expect(started).toMatchObject({ data: `v${reset.version + 1}`, lang: 'IT_it' });
    expect(Date.parse(started.ends_at!) - Date.parse(started.started_at!)).toBe(10 * 60_000);
    // Later saves keep the clock it started.
    expect((await save(reset.version + 2)).json()).toMatchObject({ stored: true });
    expect(await clock()).toMatchObject({ started_at: started.started_at, ends_at: started.ends_at, data: `v${reset.version + 2}` });
  });

  it("resets an assessor test's ratings about the candidate too", async () => {
    const rated = await call(t.app, elio, 'POST', `/api/tests/${T_INTERVIEW}/assessedOutcomes/${C_ALFA}/${carlaId}`, {
      values: [{ questionId: 'ascolto', value: 4 }],
    });
    expect(rated.statusCode).toBe(200);
    const res = await call(t.app, ada, 'POST', resetUrl(carlaId, T_INTERVIEW), {});
    expect(res.json().archived).toEqual({ attempts: 0, outcomes: 1 });
    expect(
      (await db().selectFrom('outcomes_history').select('source').where('test_id', '=', T_INTERVIEW).execute()).map((o) => o.source),
    ).toEqual(['assessor']);
  });

  it('resets an attempt saved at the largest version the database holds', async () => {
    const dario = await signInStaff(t.app, DARIO);
    const darioId = await userId(t.app, DARIO);
    await call(t.app, dario, 'POST', `/api/usercampaign/${C_ALFA}`, { lang: 'IT_it' });
    const saved = await call(t.app, dario, 'POST', `/api/tests/${T_SCORED}/data/${C_ALFA}/${darioId}`, {
      version: 2_147_483_647,
      data: 'x',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call(t.app, ada, 'POST', resetUrl(darioId, T_SCORED), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().cell).toMatchObject({ status: 'not attempted', previousAttempts: 1 });
  });

  it('answers 409 when there is nothing to reset, 422 for the 360 questionnaire', async () => {
    const nothing = await call(t.app, ada, 'POST', resetUrl(await userId(t.app, DARIO), T_SCORED), {});
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('CONFLICT');
    expect((await call(t.app, ada, 'POST', resetUrl(carlaId, 360, C_ALFA_360), {})).statusCode).toBe(422);
  });

  it('refuses candidates and assessors (403), another company and unknown people or tests (404)', async () => {
    for (const who of [carla, elio]) expect((await call(t.app, who, 'POST', resetUrl(carlaId, T_SCORED), {})).statusCode).toBe(403);
    expect((await call(t.app, bea, 'POST', resetUrl(carlaId, T_SCORED), {})).statusCode).toBe(404);
    expect((await call(t.app, ada, 'POST', resetUrl(await userId(t.app, BEN), T_SCORED), {})).statusCode).toBe(404);
    expect((await call(t.app, ada, 'POST', resetUrl(carlaId, 951), {})).statusCode).toBe(404);
    expect((await call(t.app, ada, 'POST', resetUrl(carlaId, T_SCORED), { reason: 7 })).statusCode).toBe(422);
  });
});
