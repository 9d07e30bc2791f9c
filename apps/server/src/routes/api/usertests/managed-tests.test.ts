import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import {
  ADA,
  BEA,
  C_ALFA,
  call,
  type Caller,
  CARLA,
  ELIO,
  SERGIO,
  signInStaff,
  STAFF_ALFA,
  STAFF_BETA,
  staffBundle,
  T_BETA,
  T_INTERVIEW,
  T_SCORED,
  T_SHARED,
  T_TIMED,
  T_UNUSED,
  userId,
} from '../../../../test/staff-fixtures';

let t: TestApp;
let ada: Caller;
let sergio: Caller;
let bea: Caller;
let carla: Caller;
let elio: Caller;

beforeAll(async () => {
  t = await buildTestApp(staffBundle);
  [ada, sergio, bea, carla, elio] = await Promise.all([ADA, SERGIO, BEA, CARLA, ELIO].map((e) => signInStaff(t.app, e)));
  await call(t.app, carla, 'POST', `/api/usercampaign/${C_ALFA}`, { lang: 'IT_it' });
});
afterAll(() => t.close());

const managed = `?companyId=${STAFF_ALFA}`;
const newTest = { abbreviation: 'NEW', name: { IT_it: 'Nuovo', EN_en: 'New' }, url: '/activities/new/' };

describe('GET /api/usertests', () => {
  it("keeps the candidates' meaning: the selected campaign's tests, with or without their own company id", async () => {
    for (const url of ['/api/usertests', `/api/usertests${managed}`]) {
      const res = await call(t.app, carla, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.json().tests.map((x: { id: number }) => x.id)).toEqual([T_SCORED, T_TIMED, T_SHARED]);
      expect(res.json().tests[0]).toMatchObject({ status: 'not attempted', canStart: true });
    }
    expect((await call(t.app, carla, 'GET', `/api/usertests?companyId=${STAFF_BETA}`)).statusCode).toBe(403);
    // Staff without ?companyId= are asked like anyone else: Sergio takes part in no campaign.
    expect((await call(t.app, sergio, 'GET', '/api/usertests')).json().code).toBe('NO_SELECTED_CAMPAIGN');
  });

  it('gives staff asking with their company id the tests they manage, under `tests`', async () => {
    const res = await call(t.app, sergio, 'GET', `/api/usertests${managed}`);
    expect(res.statusCode).toBe(200);
    const tests = res.json().tests as { id: number; editable: boolean; campaignIds: number[] }[];
    // Not the unused test nobody owns, not Beta's own.
    expect(tests.map((x) => x.id)).toEqual([T_SCORED, T_TIMED, T_INTERVIEW, 360, T_SHARED]);
    expect(tests.find((x) => x.id === T_SHARED)).toMatchObject({ editable: false, campaignIds: [C_ALFA] });
    expect(tests[0]).toEqual({
      id: T_SCORED,
      abbreviation: 'SCO',
      name: { IT_it: 'Punteggio' },
      description: { IT_it: '' },
      instructions: { IT_it: '' },
      url: '/activities/score/',
      img: null,
      label: null,
      repeatable: false,
      legacy: false,
      jsonData: {},
      theme: null,
      labels360: null,
      hasAlgorithm: true,
      ownerCompanyId: STAFF_ALFA,
      campaignIds: [C_ALFA],
      editable: true,
    });
    const one = await call(t.app, ada, 'GET', `/api/usertests/${T_TIMED}${managed}`);
    expect(one.json()).toMatchObject({ status: true, test: { id: T_TIMED, jsonData: { hasTimer: true, duration: 10 } } });
  });

  it("answers 404 for another company's tests and company, 403 to candidates and assessors writing", async () => {
    for (const id of [T_BETA, T_UNUSED]) expect((await call(t.app, ada, 'GET', `/api/usertests/${id}${managed}`)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'GET', `/api/usertests?companyId=${STAFF_BETA}`)).statusCode).toBe(404);
    expect((await call(t.app, bea, 'PUT', `/api/usertests/${T_SCORED}`, newTest)).statusCode).toBe(404);
    expect((await call(t.app, bea, 'DELETE', `/api/usertests/${T_SCORED}`)).statusCode).toBe(404);
    expect((await call(t.app, bea, 'DELETE', '/api/usertests/selection', { ids: [T_SCORED] })).statusCode).toBe(404);
    for (const who of [carla, elio]) {
      expect((await call(t.app, who, 'POST', '/api/usertests', newTest)).statusCode).toBe(403);
      expect((await call(t.app, who, 'PUT', `/api/usertests/${T_SCORED}`, newTest)).statusCode).toBe(403);
      expect((await call(t.app, who, 'DELETE', `/api/usertests/${T_SCORED}`)).statusCode).toBe(403);
      expect((await call(t.app, who, 'DELETE', '/api/usertests/selection', { ids: [T_SCORED] })).statusCode).toBe(403);
    }
  });
});

describe('writing tests', () => {
  it("answers 422 'No valid Test name' for a missing, blank or empty localized name", async () => {
    for (const name of [undefined, '', '  ', { IT_it: '' }, {}, 12]) {
      const res = await call(t.app, ada, 'POST', '/api/usertests', { ...newTest, name });
      expect(res.statusCode, JSON.stringify(name)).toBe(422);
      expect(res.json().errors).toContainEqual({ path: 'body.name', message: 'No valid Test name' });
    }
    const put = await call(t.app, ada, 'PUT', `/api/usertests/${T_TIMED}`, { ...newTest, name: '' });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors).toEqual([{ path: 'body.name', message: 'No valid Test name' }]);
  });

  it('creates a test of the company with the next free id, changes it and deletes it, each with the status flag', async () => {
    const created = await call(t.app, ada, 'POST', '/api/usertests', { ...newTest, description: '<p>Ciao<script>x()</script></p>' });
    expect(created.statusCode).toBe(200);
    const test = created.json().test;
    expect(created.json()).toMatchObject({
      status: true,
      test: { abbreviation: 'NEW', ownerCompanyId: STAFF_ALFA, editable: true, campaignIds: [] },
    });
    expect(test.id).toBe(953);
    expect(test.description.IT_it).toBe('<p>Ciao</p>');
    expect((await call(t.app, ada, 'GET', `/api/usertests${managed}`)).json().tests.map((x: { id: number }) => x.id)).toContain(test.id);
    // Beta does not see it.
    expect((await call(t.app, bea, 'GET', `/api/usertests/${test.id}?companyId=${STAFF_BETA}`)).statusCode).toBe(404);
    const updated = await call(t.app, sergio, 'PUT', `/api/usertests/${test.id}`, { ...newTest, name: 'Rinominato', repeatable: true });
    expect(updated.json()).toMatchObject({ status: true, test: { id: test.id, name: { IT_it: 'Rinominato' }, repeatable: true } });
    const deleted = await call(t.app, ada, 'DELETE', `/api/usertests/${test.id}`);
    expect(deleted.json()).toEqual({ status: true, deleted: [test.id] });
    expect((await call(t.app, ada, 'GET', `/api/usertests/${test.id}${managed}`)).statusCode).toBe(404);
  });

  it('refuses a taken id or abbreviation (409), a bad prerequisite or script (422)', async () => {
    expect((await call(t.app, ada, 'POST', '/api/usertests', { ...newTest, id: T_BETA })).statusCode).toBe(409);
    expect((await call(t.app, ada, 'POST', '/api/usertests', { ...newTest, abbreviation: 'BTE' })).statusCode).toBe(409);
    const prerequisite = await call(t.app, ada, 'POST', '/api/usertests', { ...newTest, jsonData: { prerequisites: [T_BETA] } });
    expect(prerequisite.statusCode).toBe(422);
    expect(prerequisite.json().errors[0].path).toBe('body.jsonData.prerequisites.0');
    const script = await call(t.app, ada, 'POST', '/api/usertests', { ...newTest, algorithm: 'function nope( {' });
    expect(script.statusCode).toBe(422);
    expect(script.json().errors[0].path).toBe('body.algorithm');
  });

  it("refuses a url on an origin the operator does not frame (422), on create and on change: staff cannot grow the page's frame-src", async () => {
    for (const url of ['https://quiz.elsewhere.example/', '//quiz.elsewhere.example/']) {
      const created = await call(t.app, ada, 'POST', '/api/usertests', { ...newTest, url });
      expect(created.statusCode).toBe(422);
      expect(created.json().errors[0]).toMatchObject({
        path: 'body.url',
        message: expect.stringMatching(/quiz\.elsewhere\.example is not an origin this platform frames/),
      });
    }
    const updated = await call(t.app, ada, 'PUT', `/api/usertests/${T_SCORED}`, {
      ...newTest,
      abbreviation: 'SCO',
      url: 'https://quiz.elsewhere.example/',
    });
    expect(updated.statusCode).toBe(422);
    expect((await call(t.app, ada, 'GET', `/api/usertests/${T_SCORED}${managed}`)).json().test.url).not.toContain('elsewhere');
  });

  it('refuses to change or delete a test another company uses (409 CONFLICT)', async () => {
    for (const [method, url, body] of [
      ['PUT', `/api/usertests/${T_SHARED}`, { ...newTest, abbreviation: 'SHA' }],
      ['DELETE', `/api/usertests/${T_SHARED}`, undefined],
    ] as const) {
      const res = await call(t.app, ada, method, url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CONFLICT');
    }
  });

  it('refuses to delete a test with results (409 IN_USE), the whole selection with it; one only listed goes from its campaigns', async () => {
    const done = await call(t.app, carla, 'POST', `/api/outcomes/${C_ALFA}/${T_SCORED}/${await userId(t.app, CARLA)}`, { values: [] });
    expect(done.statusCode).toBe(200);
    const refused = await call(t.app, ada, 'DELETE', '/api/usertests/selection', { ids: [T_TIMED, T_SCORED] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'IN_USE', message: expect.stringContaining(String(T_SCORED)) });
    expect((await call(t.app, ada, 'GET', `/api/usertests/${T_TIMED}${managed}`)).statusCode).toBe(200);
    const deleted = await call(t.app, ada, 'DELETE', '/api/usertests/selection', { ids: [T_TIMED] });
    expect(deleted.json()).toEqual({ status: true, deleted: [T_TIMED] });
    expect((await call(t.app, carla, 'GET', '/api/usertests')).json().tests.map((x: { id: number }) => x.id)).toEqual([T_SCORED, T_SHARED]);
  });
});
