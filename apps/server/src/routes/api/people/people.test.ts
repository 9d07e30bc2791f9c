import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { PASSWORD } from '../../../../test/fixtures';
import {
  ADA,
  BEA,
  BEN,
  C_ALFA,
  call,
  type Caller,
  CARLA,
  DARIO,
  ELIO,
  SERGIO,
  signInStaff,
  STAFF_ALFA,
  STAFF_BETA,
  staffBundle,
  userId,
} from '../../../../test/staff-fixtures';

let t: TestApp;
let ada: Caller;
let sergio: Caller;
let carla: Caller;
let elio: Caller;

beforeAll(async () => {
  t = await buildTestApp(staffBundle);
  [ada, sergio, carla, elio] = await Promise.all([ADA, SERGIO, CARLA, ELIO].map((e) => signInStaff(t.app, e)));
});
afterAll(() => t.close());

const emails = (res: { json(): { people: { email: string }[] } }) => res.json().people.map((p) => p.email);

describe('GET /api/people', () => {
  it("lists the company's active people under `people`, by name, paged, with what the console shows of each", async () => {
    const res = await call(t.app, ada, 'GET', `/api/people?companyId=${STAFF_ALFA}&pageSize=2`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, total: 6, page: 1, pageSize: 2 });
    expect(emails(res)).toEqual([ADA, CARLA]);
    expect(body.people[1]).toEqual({
      id: await userId(t.app, CARLA),
      companyId: STAFF_ALFA,
      email: CARLA,
      firstName: 'Carla',
      lastName: 'Bianchi',
      gender: null,
      lang: null,
      role: 'user',
      hasSSO: false,
      hasPassword: true,
      active: true,
      deactivatedAt: null,
      createdAt: expect.any(String),
      campaignIds: [6001, 6002],
    });
    expect(emails(await call(t.app, ada, 'GET', '/api/people?page=3&pageSize=2'))).toEqual([SERGIO, ELIO]);
  });

  it('searches first name, last name and e-mail in any case, and filters by role and campaign', async () => {
    expect(emails(await call(t.app, ada, 'GET', '/api/people?q=ROSSI'))).toEqual([DARIO]);
    expect(emails(await call(t.app, ada, 'GET', '/api/people?q=nadia%40'))).toEqual(['nadia@alfa.example']);
    expect(emails(await call(t.app, ada, 'GET', '/api/people?q=%25'))).toEqual([]);
    expect(emails(await call(t.app, ada, 'GET', '/api/people?role=Assessor'))).toEqual([ELIO]);
    expect(emails(await call(t.app, ada, 'GET', `/api/people?campaignId=${C_ALFA}&role=user`))).toEqual([
      CARLA,
      DARIO,
      'nadia@alfa.example',
    ]);
    const nadia = (await call(t.app, ada, 'GET', '/api/people?q=nadia')).json().people[0];
    expect(nadia).toMatchObject({ hasPassword: false, lang: 'ES_es' });
  });

  it("never shows another company's people: their ids are 404, their company 404", async () => {
    expect(emails(await call(t.app, ada, 'GET', '/api/people?q=beta'))).toEqual([]);
    expect((await call(t.app, ada, 'GET', `/api/people?companyId=${STAFF_BETA}`)).statusCode).toBe(404);
    const ben = await userId(t.app, BEN);
    expect((await call(t.app, ada, 'GET', `/api/people/${ben}`)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'PUT', `/api/people/${ben}`, { firstName: 'X' })).statusCode).toBe(404);
    expect((await call(t.app, ada, 'DELETE', `/api/people/${ben}`)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'DELETE', '/api/people/selection', { ids: [await userId(t.app, DARIO), ben] })).statusCode).toBe(404);
    // All or nothing: Dario is still active.
    expect((await call(t.app, ada, 'GET', `/api/people/${await userId(t.app, DARIO)}`)).json().person.active).toBe(true);
  });

  it('refuses candidates and assessors with 403', async () => {
    const id = await userId(t.app, CARLA);
    for (const who of [carla, elio]) {
      expect((await call(t.app, who, 'GET', '/api/people')).statusCode).toBe(403);
      expect((await call(t.app, who, 'GET', `/api/people/${id}`)).statusCode).toBe(403);
      expect((await call(t.app, who, 'POST', '/api/people', { email: 'x@alfa.example' })).statusCode).toBe(403);
      expect((await call(t.app, who, 'PUT', `/api/people/${id}`, { firstName: 'X' })).statusCode).toBe(403);
      expect((await call(t.app, who, 'DELETE', `/api/people/${id}`)).statusCode).toBe(403);
    }
  });
});

describe('writing people', () => {
  it('creates a person without a password, who is then led to set one at sign-in', async () => {
    const res = await call(t.app, sergio, 'POST', '/api/people', {
      email: ' Nuovo@Alfa.example ',
      firstName: 'Nuovo',
      lastName: 'Arrivo',
      lang: 'EN_en',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      person: { email: 'nuovo@alfa.example', companyId: STAFF_ALFA, role: 'user', hasPassword: false, active: true, campaignIds: [] },
    });
    const login = await call(t.app, null, 'POST', '/api/auth/login', { username: 'nuovo@alfa.example', password: 'whatever-it-is' });
    expect(login.json()).toMatchObject({ status: true, passwordMustBeSet: true, email: 'nuovo@alfa.example' });
  });

  it('answers 422 naming the field for a bad body, and 409 for an e-mail somebody (of any company) has', async () => {
    const bad = await call(t.app, ada, 'POST', '/api/people', { email: 'not-an-address', role: 'king' });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['body.email', 'body.role']);
    for (const email of [CARLA, BEA]) {
      const taken = await call(t.app, ada, 'POST', '/api/people', { email });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('CONFLICT');
    }
    const id = await userId(t.app, DARIO);
    expect((await call(t.app, ada, 'PUT', `/api/people/${id}`, { email: BEA })).statusCode).toBe(409);
    expect((await call(t.app, ada, 'PUT', `/api/people/${id}`, { active: 'no' })).statusCode).toBe(422);
  });

  it('updates only the fields given', async () => {
    const id = await userId(t.app, DARIO);
    const res = await call(t.app, ada, 'PUT', `/api/people/${id}`, { firstName: 'Dario Maria', gender: 'M' });
    expect(res.json()).toMatchObject({ status: true, person: { firstName: 'Dario Maria', lastName: 'Rossi', gender: 'M', lang: 'EN_en' } });
  });

  it('deactivates: the sessions end, sign-in is refused, results stay, and PUT active brings the person back', async () => {
    const dario = await signInStaff(t.app, DARIO);
    expect((await call(t.app, dario, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const id = await userId(t.app, DARIO);
    const res = await call(t.app, ada, 'DELETE', `/api/people/${id}`);
    expect(res.json()).toEqual({ status: true, deleted: [id] });
    expect((await call(t.app, dario, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const login = await call(t.app, null, 'POST', '/api/auth/login', { username: DARIO, password: PASSWORD });
    expect(login.statusCode).toBe(422);
    expect(login.json().code).toBe('WRONG_CREDENTIALS');
    expect(emails(await call(t.app, ada, 'GET', '/api/people?q=dario'))).toEqual([]);
    expect((await call(t.app, ada, 'GET', '/api/people?q=dario&active=no')).json().people[0]).toMatchObject({
      active: false,
      deactivatedAt: expect.any(String),
    });
    expect((await call(t.app, ada, 'PUT', `/api/people/${id}`, { active: true })).json().person.active).toBe(true);
    expect((await call(t.app, null, 'POST', '/api/auth/login', { username: DARIO, password: PASSWORD })).statusCode).toBe(200);
  });

  it('deactivates a selection all at once', async () => {
    const ids = [await userId(t.app, CARLA), await userId(t.app, ELIO)];
    const res = await call(t.app, ada, 'DELETE', '/api/people/selection', { ids });
    expect(res.json()).toEqual({ status: true, deleted: ids });
    expect((await call(t.app, carla, 'GET', '/api/auth/me')).statusCode).toBe(401);
    for (const id of ids) await call(t.app, ada, 'PUT', `/api/people/${id}`, { active: true });
  });

  it('keeps staff from locking themselves out', async () => {
    const self = await userId(t.app, ADA);
    for (const [method, url, body] of [
      ['DELETE', `/api/people/${self}`, undefined],
      ['DELETE', '/api/people/selection', { ids: [self] }],
      ['PUT', `/api/people/${self}`, { active: false }],
      ['PUT', `/api/people/${self}`, { role: 'user' }],
    ] as const) {
      const res = await call(t.app, ada, method, url, body);
      expect(res.statusCode, `${method} ${JSON.stringify(body)}`).toBe(409);
    }
    expect((await call(t.app, ada, 'PUT', `/api/people/${self}`, { role: 'superassessor' })).json().person.role).toBe('superassessor');
  });
});
