import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import {
  ADA,
  BEA,
  C_ALFA,
  C_ALFA_360,
  C_BETA_S,
  call,
  type Caller,
  CARLA,
  DARIO,
  ELIO,
  NADIA,
  SERGIO,
  signInStaff,
  staffBundle,
  T_SCORED,
  T_SHARED,
  T_TIMED,
  userId,
} from '../../../../../test/staff-fixtures';

let t: TestApp;
let ada: Caller;
let sergio: Caller;
let bea: Caller;
let carla: Caller;
let elio: Caller;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await buildTestApp(staffBundle);
  [ada, sergio, bea, carla, elio] = await Promise.all([ADA, SERGIO, BEA, CARLA, ELIO].map((e) => signInStaff(t.app, e)));
  ids = Object.fromEntries(await Promise.all([CARLA, DARIO, NADIA, ELIO].map(async (e) => [e, await userId(t.app, e)] as const)));
  // Carla finished the scored test and is in the timed one; Dario opened the timed one long ago (its time is up).
  await call(t.app, carla, 'POST', `/api/usercampaign/${C_ALFA}`, { lang: 'IT_it' });
  expect((await call(t.app, carla, 'POST', `/api/outcomes/${C_ALFA}/${T_SCORED}/${ids[CARLA]}`, { values: [] })).statusCode).toBe(200);
  expect((await call(t.app, carla, 'POST', `/api/tests/${T_TIMED}/start/${C_ALFA}/${ids[CARLA]}`)).statusCode).toBe(200);
  const longAgo = new Date(Date.now() - 3_600_000).toISOString();
  await t.app.database.db
    .insertInto('test_progress')
    .values({
      campaign_id: C_ALFA,
      test_id: T_TIMED,
      user_id: ids[DARIO],
      version: 1,
      status: 'incomplete',
      data: null,
      updated_at: longAgo,
      started_at: longAgo,
      ends_at: longAgo,
    })
    .execute();
  await t.app.scoring.idle();
});
afterAll(() => t.close());

const progress = async (who: Caller, query = '', campaign = C_ALFA) => {
  const res = await call(t.app, who, 'GET', `/api/staff/campaigns/${campaign}/progress${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (body: { participants: { user: { email: string } }[] }) => body.participants.map((p) => p.user.email);

describe('GET /api/staff/campaigns', () => {
  it("lists the company's campaigns with their counts, names in the caller's language", async () => {
    const res = await call(t.app, sergio, 'GET', '/api/staff/campaigns');
    expect(res.statusCode).toBe(200);
    const campaigns = res.json().campaigns;
    expect(campaigns.map((c: { id: number }) => c.id).sort()).toEqual([C_ALFA, C_ALFA_360]);
    expect(campaigns.find((c: { id: number }) => c.id === C_ALFA)).toMatchObject({
      name: 'Selection 2026',
      phase: 'open',
      languages: ['IT_it', 'EN_en'],
      counts: { participants: 3, tests: 3, invited: 0, started: 2, finished: 0 },
    });
    expect((await call(t.app, bea, 'GET', '/api/staff/campaigns')).json().campaigns.map((c: { id: number }) => c.id)).toEqual([C_BETA_S]);
  });

  it('says a campaign staff closed is ended, to staff and to its candidates alike, whatever its end date', async () => {
    await t.app.database.db.updateTable('campaigns').set({ status: 'COMPLETED' }).where('id', '=', C_ALFA).execute();
    try {
      const staffView = (await call(t.app, ada, 'GET', `/api/staff/campaigns/${C_ALFA}`)).json().campaign;
      expect(staffView).toMatchObject({ status: 'COMPLETED', phase: 'ended' });
      const picker = (await call(t.app, carla, 'GET', '/api/usercampaign/list')).json().campaigns;
      expect(picker.find((c: { id: number }) => c.id === C_ALFA)).toMatchObject({ status: 'COMPLETED', phase: 'ended' });
    } finally {
      await t.app.database.db.updateTable('campaigns').set({ status: 'ACTIVE' }).where('id', '=', C_ALFA).execute();
    }
    expect((await call(t.app, ada, 'GET', `/api/staff/campaigns/${C_ALFA}`)).json().campaign.phase).toBe('open');
  });

  it('answers one campaign with its tests, 404 for another company, 403 for candidates and assessors', async () => {
    const res = await call(t.app, ada, 'GET', `/api/staff/campaigns/${C_ALFA}`);
    expect(res.json()).toMatchObject({ status: true, campaign: { id: C_ALFA, name: 'Selezione 2026' } });
    expect(res.json().tests.map((x: { id: number; assessorTest: boolean }) => [x.id, x.assessorTest])).toEqual([
      [301, false],
      [302, false],
      [303, true],
      [952, false],
    ]);
    expect((await call(t.app, bea, 'GET', `/api/staff/campaigns/${C_ALFA}`)).statusCode).toBe(404);
    expect((await call(t.app, bea, 'GET', `/api/staff/campaigns/${C_ALFA}/progress`)).statusCode).toBe(404);
    for (const who of [carla, elio]) {
      expect((await call(t.app, who, 'GET', '/api/staff/campaigns')).statusCode).toBe(403);
      expect((await call(t.app, who, 'GET', `/api/staff/campaigns/${C_ALFA}/progress`)).statusCode).toBe(403);
    }
  });
});

describe('GET /api/staff/campaigns/:campaignId/progress', () => {
  it('answers each participant by test: status, clock, last save, the counts over all of them', async () => {
    const body = await progress(ada);
    expect(body.tests.map((x: { id: number }) => x.id)).toEqual([T_SCORED, T_TIMED, T_SHARED]);
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 50, counts: { complete: 2, incomplete: 1, 'not attempted': 6 } });
    // The campaign's candidates: its assessor Elio is listed only when asked for (`role=Assessor`).
    expect(names(body)).toEqual([CARLA, DARIO, NADIA]);
    const carlaRow = body.participants[0];
    expect(carlaRow).toMatchObject({
      completed: 1,
      total: 3,
      invitedAt: null,
      feedback360: null,
      user: { id: ids[CARLA], hasPassword: true, active: true },
    });
    expect(carlaRow.cells.map((c: { status: string }) => c.status)).toEqual(['complete', 'incomplete', 'not attempted']);
    expect(carlaRow.cells[1]).toMatchObject({
      testId: T_TIMED,
      startedAt: expect.any(String),
      updatedAt: expect.any(String),
      previousAttempts: 0,
    });
    expect(carlaRow.lastActivity).toEqual(expect.any(String));
    // Dario's time ran out: complete, before the sweep has written it.
    expect(body.participants[1].cells[1].status).toBe('complete');
    expect(body.participants[2]).toMatchObject({ lastActivity: null, user: { hasPassword: false } });
  });

  it('filters by status in one test or in any, by text, role and invitation; pages; sorts by last activity', async () => {
    expect(names(await progress(ada, `?status=complete&testId=${T_TIMED}`))).toEqual([DARIO]);
    expect(names(await progress(ada, `?status=incomplete&testId=${T_TIMED}`))).toEqual([CARLA]);
    expect(names(await progress(ada, `?status=not%20attempted&testId=${T_TIMED}`))).toEqual([NADIA]);
    expect(names(await progress(ada, '?status=complete'))).toEqual([CARLA, DARIO]);
    expect(names(await progress(ada, '?status=not%20attempted'))).toEqual([CARLA, DARIO, NADIA]);
    expect(names(await progress(ada, '?q=BIAN'))).toEqual([CARLA]);
    expect(names(await progress(ada, '?q=nadia%40alfa'))).toEqual([NADIA]);
    expect(names(await progress(ada, '?role=Assessor'))).toEqual([ELIO]);
    expect(names(await progress(ada, '?invited=yes'))).toEqual([]);
    const paged = await progress(ada, '?pageSize=2&page=2');
    expect({ total: paged.total, people: names(paged) }).toEqual({ total: 3, people: [NADIA] });
    expect(names(await progress(ada, '?sort=lastActivity')).slice(0, 2)).toEqual([CARLA, DARIO]);
    const filtered = await progress(ada, `?status=complete&testId=${T_TIMED}`);
    expect(filtered.counts).toEqual({ complete: 1, incomplete: 0, 'not attempted': 0 });
  });

  it('answers 400 to a malformed filter and 404 to a test outside the columns', async () => {
    expect((await call(t.app, ada, 'GET', `/api/staff/campaigns/${C_ALFA}/progress?status=done`)).statusCode).toBe(400);
    expect((await call(t.app, ada, 'GET', `/api/staff/campaigns/${C_ALFA}/progress?pageSize=1000`)).statusCode).toBe(400);
    // 303 is the assessors' test: not a participant's own.
    expect((await call(t.app, ada, 'GET', `/api/staff/campaigns/${C_ALFA}/progress?testId=303`)).statusCode).toBe(404);
  });

  it('offers a report PDF only when the report has something to show, as the PDF answers; never for an assessor', async () => {
    const pdf = (userId: number) => call(t.app, ada, 'GET', `/api/staff/campaigns/${C_ALFA}/participants/${userId}/report.pdf`);
    const offered = (body: { participants: { user: { email: string }; reportAvailable: boolean }[] }) =>
      Object.fromEntries(body.participants.map((p) => [p.user.email, p.reportAvailable]));
    // Dario's timed test is complete, but it feeds no area of the model: his report is empty, and no PDF is offered.
    expect(offered(await progress(ada))).toEqual({ [CARLA]: true, [DARIO]: false, [NADIA]: false });
    expect((await pdf(ids[CARLA])).statusCode).toBe(200);
    expect((await pdf(ids[DARIO])).json()).toMatchObject({ code: 'REPORT_NOT_AVAILABLE' });
    // Elio, the campaign's assessor, completes the scored test: still no report of his is offered, nor given.
    expect((await call(t.app, elio, 'POST', `/api/outcomes/${C_ALFA}/${T_SCORED}/${ids[ELIO]}`, { values: [] })).statusCode).toBe(200);
    await t.app.scoring.idle();
    const assessors = await progress(ada, '?role=Assessor');
    expect(assessors.participants[0]).toMatchObject({ completed: 1, reportAvailable: false });
    const his = await pdf(ids[ELIO]);
    expect({ status: his.statusCode, code: his.json().code }).toEqual({ status: 409, code: 'REPORT_NOT_AVAILABLE' });
  });

  it("shows a 360 campaign's evaluations given, done of total", async () => {
    const body = await progress(ada, '', C_ALFA_360);
    expect(body.tests).toEqual([]);
    expect(body.participants.map((p: { feedback360: unknown }) => p.feedback360)).toEqual([
      { done: 0, total: 2 },
      { done: 0, total: 0 },
    ]);
  });
});
