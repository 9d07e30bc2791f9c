import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import {
  ADA,
  BEA,
  BEN,
  C_ALFA,
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
  T_BETA,
  T_INTERVIEW,
  T_SCORED,
  userId,
} from '../../../../test/staff-fixtures';

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
  ids = Object.fromEntries(
    await Promise.all([ELIO, CARLA, DARIO, NADIA, SERGIO, BEN].map(async (e) => [e, await userId(t.app, e)] as const)),
  );
});
afterAll(() => t.close());

const sampleList = async (who: Caller, query = '') => (await call(t.app, who, 'GET', `/api/samples${query}`)).json().samples;

describe('/api/samples', () => {
  it("lists who assesses whom under `samples`, with the test's name and whether ratings were recorded", async () => {
    const samples = await sampleList(ada, `?campaignId=${C_ALFA}`);
    expect(samples).toEqual([
      {
        id: expect.any(Number),
        campaignId: C_ALFA,
        testId: T_INTERVIEW,
        testName: 'Colloquio',
        assessor: { id: ids[ELIO], firstName: 'Elio', lastName: 'Valutatore', email: ELIO },
        assessed: { id: ids[CARLA], firstName: 'Carla', lastName: 'Bianchi', email: CARLA },
        rated: false,
      },
      expect.objectContaining({ assessed: expect.objectContaining({ email: DARIO }) }),
    ]);
    expect(await sampleList(ada, `?assessedId=${ids[DARIO]}`)).toHaveLength(1);
    expect(await sampleList(bea)).toEqual([]);
    expect((await call(t.app, ada, 'GET', `/api/samples/${samples[0].id}`)).json().sample).toEqual(samples[0]);
  });

  it('refuses candidates and assessors with 403, another company with 404', async () => {
    const [first] = await sampleList(ada);
    for (const who of [carla, elio]) {
      expect((await call(t.app, who, 'GET', '/api/samples')).statusCode).toBe(403);
      expect((await call(t.app, who, 'GET', `/api/samples/${first.id}`)).statusCode).toBe(403);
      expect((await call(t.app, who, 'DELETE', `/api/samples/${first.id}`)).statusCode).toBe(403);
    }
    expect((await call(t.app, bea, 'GET', `/api/samples/${first.id}`)).statusCode).toBe(404);
    expect((await call(t.app, bea, 'DELETE', `/api/samples/${first.id}`)).statusCode).toBe(404);
    expect(
      (
        await call(t.app, bea, 'PUT', `/api/samples/${first.id}`, {
          campaignId: C_BETA_S,
          testId: T_BETA,
          assessorId: ids[BEN],
          assessedId: ids[BEN],
        })
      ).statusCode,
    ).toBe(404);
    const alfaCampaign = await call(t.app, bea, 'POST', '/api/samples', {
      campaignId: C_ALFA,
      testId: T_INTERVIEW,
      assessorId: ids[ELIO],
      assessedId: ids[NADIA],
    });
    expect(alfaCampaign.statusCode).toBe(404);
  });

  it('creates, moves and deletes an assignment with the status flag', async () => {
    const created = await call(t.app, sergio, 'POST', '/api/samples', {
      campaignId: C_ALFA,
      testId: T_INTERVIEW,
      assessorId: ids[ELIO],
      assessedId: ids[NADIA],
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ status: true, sample: { assessed: { email: NADIA }, rated: false } });
    const id = created.json().sample.id;
    const again = await call(t.app, ada, 'POST', '/api/samples', {
      campaignId: C_ALFA,
      testId: T_INTERVIEW,
      assessorId: ids[ELIO],
      assessedId: ids[NADIA],
    });
    expect(again.statusCode).toBe(409);
    const moved = await call(t.app, ada, 'PUT', `/api/samples/${id}`, {
      campaignId: C_ALFA,
      testId: T_SCORED,
      assessorId: ids[ELIO],
      assessedId: ids[NADIA],
    });
    expect(moved.json()).toMatchObject({ status: true, sample: { id, testId: T_SCORED } });
    const deleted = await call(t.app, ada, 'DELETE', '/api/samples/selection', { ids: [id] });
    expect(deleted.json()).toEqual({ status: true, deleted: [id] });
    expect((await call(t.app, ada, 'GET', `/api/samples/${id}`)).statusCode).toBe(404);
  });

  it('answers 422 for what cannot be an assignment', async () => {
    const base = { campaignId: C_ALFA, testId: T_INTERVIEW, assessorId: ids[ELIO], assessedId: ids[NADIA] };
    const cases: [object, string][] = [
      [{ ...base, testId: T_BETA }, 'body.testId'],
      [{ ...base, assessedId: ids[SERGIO] }, 'body.assessedId'],
      [{ ...base, assessedId: ids[BEN] }, 'body.assessedId'],
      [{ ...base, assessorId: ids[CARLA] }, 'body.assessorId'],
      [{ ...base, assessedId: ids[ELIO] }, 'body.assessedId'],
      [{ campaignId: C_ALFA }, 'body.testId'],
    ];
    for (const [body, path] of cases) {
      const res = await call(t.app, ada, 'POST', '/api/samples', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  it('keeps an assignment with ratings: deleting or moving it is 409 IN_USE', async () => {
    const elioIn = await call(t.app, elio, 'POST', `/api/usercampaign/${C_ALFA}`, { lang: 'IT_it' });
    expect(elioIn.statusCode).toBe(200);
    const rated = await call(t.app, elio, 'POST', `/api/tests/${T_INTERVIEW}/assessedOutcomes/${C_ALFA}/${ids[CARLA]}`, {
      values: [{ questionId: 'ascolto', value: 4 }],
    });
    expect(rated.statusCode).toBe(200);
    const carlaSample = (await sampleList(ada, `?assessedId=${ids[CARLA]}`))[0];
    expect(carlaSample.rated).toBe(true);
    for (const [method, url, body] of [
      ['DELETE', `/api/samples/${carlaSample.id}`, undefined],
      ['DELETE', '/api/samples/selection', { ids: [carlaSample.id] }],
      ['PUT', `/api/samples/${carlaSample.id}`, { campaignId: C_ALFA, testId: T_INTERVIEW, assessorId: ids[ELIO], assessedId: ids[NADIA] }],
    ] as const) {
      const res = await call(t.app, ada, method, url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('IN_USE');
    }
    // The assessor still loads the person as a sample.
    const own = await call(t.app, elio, 'GET', `/api/users/assessed/${C_ALFA}/${T_INTERVIEW}`);
    expect(own.json().samples.map((s: { id: number }) => s.id)).toContain(ids[CARLA]);
  });
});
