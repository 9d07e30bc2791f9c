import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import { fixtureZip } from '../../../../../test/import-with-packages';
import {
  ADA,
  BEA,
  C_ALFA,
  C_BETA_S,
  call,
  type Caller,
  CARLA,
  signInStaff,
  STAFF_ALFA,
  staffBundle,
  T_BETA,
  T_SHARED,
  T_TIMED,
} from '../../../../../test/staff-fixtures';

// The console's test library: a test made from an uploaded package, a test's texts, a test's preview.

let t: TestApp;
let ada: Caller;
let bea: Caller;
let carla: Caller;
const logLines: string[] = [];
const audits = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  return logLines.flatMap((line) => (JSON.parse(line) as { audit?: { event: string; target: string } }).audit ?? []);
};

beforeAll(async () => {
  t = await buildTestApp(staffBundle, { logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } });
  [ada, bea, carla] = await Promise.all([ADA, BEA, CARLA].map((e) => signInStaff(t.app, e)));
});
afterAll(() => t.close());

const upload = async (who: Caller, query: string, body: Uint8Array | string, type = 'application/zip') =>
  t.app.inject({
    method: 'POST',
    url: `/api/staff/test-packages${query}`,
    headers: { cookie: who.cookie, 'content-type': type },
    payload: Buffer.from(body),
  });

describe('POST /api/staff/test-packages', () => {
  it('makes a QTI package a test of the company, played by the QTI player, listed in the campaign given', async () => {
    const res = await upload(ada, `?type=qti&campaignId=${C_ALFA}`, await fixtureZip('qti21-basic'));
    expect(res.statusCode).toBe(201);
    const { test } = res.json();
    expect(test).toMatchObject({ ownerCompanyId: STAFF_ALFA, editable: true, campaignIds: [C_ALFA] });
    expect(test.url).toMatch(/^\/players\/qti\/\?package=[0-9a-f]{64}$/);
    expect(test.name.IT_it).toBeTruthy();
    // The company's list shows it, with where it is used.
    const list = await call(t.app, ada, 'GET', `/api/usertests?companyId=${STAFF_ALFA}`);
    expect(list.json().tests.find((x: { id: number }) => x.id === test.id)).toMatchObject({ campaignIds: [C_ALFA] });
    expect(await audits()).toContainEqual(expect.objectContaining({ event: 'staff-created', target: `usertests/${test.id}` }));
  });

  it('takes a SCORM course too, and says what staff should know of it', async () => {
    const res = await upload(ada, '?type=scorm', await fixtureZip('scorm2004-course'));
    expect(res.statusCode).toBe(201);
    expect(res.json().test.url).toMatch(/^\/players\/scorm\//);
    expect(res.json().test.campaignIds).toEqual([]);
    // Not said which: told apart by what is in it.
    const untold = await upload(ada, '', await fixtureZip('scorm12-course'));
    expect(untold.statusCode).toBe(201);
    expect(untold.json().test.url).toMatch(/^\/players\/scorm\//);
    expect(Array.isArray(res.json().notes)).toBe(true);
  });

  it("refuses what is not a package, a package of the wrong kind, another company's campaign and a bad query", async () => {
    const notZip = await upload(ada, '?type=qti', 'not a zip');
    expect(notZip.statusCode).toBe(422);
    expect(notZip.json()).toMatchObject({ code: 'VALIDATION', errors: [{ path: 'body' }] });
    const wrongKind = await upload(ada, '?type=scorm', await fixtureZip('qti21-basic'));
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().message).toMatch(/imsmanifest/);
    const other = await upload(ada, `?type=qti&campaignId=${C_BETA_S}`, await fixtureZip('qti21-basic'));
    expect(other.statusCode).toBe(422);
    expect((await upload(ada, '?type=pdf', await fixtureZip('qti21-basic'))).statusCode).toBe(400);
    expect((await upload(ada, '?type=qti', '{}', 'application/json')).statusCode).toBe(422);
    expect((await upload(carla, '?type=qti', await fixtureZip('qti21-basic'))).statusCode).toBe(403);
  });
});

describe('PUT /api/staff/tests/{testId}/texts', () => {
  const texts = {
    name: { IT_it: 'A tempo', EN_en: 'Timed', ES_es: 'Cronometrado' },
    description: { IT_it: '<p>Dieci minuti</p><script>x()</script>', EN_en: 'Ten minutes' },
    instructions: { IT_it: 'Rispondi' },
  };

  it('changes only the texts, in every language, cleaned of scripts', async () => {
    const before = (await call(t.app, ada, 'GET', `/api/usertests/${T_TIMED}?companyId=${STAFF_ALFA}`)).json().test;
    const res = await call(t.app, ada, 'PUT', `/api/staff/tests/${T_TIMED}/texts`, texts);
    expect(res.statusCode).toBe(200);
    const after = res.json().test;
    expect(after.name).toEqual(texts.name);
    expect(after.description).toEqual({ IT_it: '<p>Dieci minuti</p>', EN_en: 'Ten minutes' });
    expect(after.instructions).toEqual({ IT_it: 'Rispondi' });
    expect({ ...after, name: 0, description: 0, instructions: 0 }).toEqual({ ...before, name: 0, description: 0, instructions: 0 });
  });

  it("refuses an empty name at its field, a test not its own to change, and another company's test", async () => {
    const empty = await call(t.app, ada, 'PUT', `/api/staff/tests/${T_TIMED}/texts`, { ...texts, name: { IT_it: ' ' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0].path).toBe('body.name');
    expect((await call(t.app, ada, 'PUT', `/api/staff/tests/${T_SHARED}/texts`, texts)).json().code).toBe('CONFLICT');
    expect((await call(t.app, ada, 'PUT', `/api/staff/tests/${T_BETA}/texts`, texts)).statusCode).toBe(404);
    expect((await call(t.app, bea, 'PUT', `/api/staff/tests/${T_TIMED}/texts`, texts)).statusCode).toBe(404);
  });
});

describe('GET /api/staff/tests/{testId}/preview', () => {
  it("gives the room's url of a test the company may see, with its timer", async () => {
    const res = await call(t.app, ada, 'GET', `/api/staff/tests/${T_TIMED}/preview`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      url: expect.stringMatching(/^https?:\/\/[^/]+\/activities\/timed\/$/),
      timeLimitMinutes: 10,
    });
    expect((await call(t.app, ada, 'GET', `/api/staff/tests/${T_SHARED}/preview`)).json().timeLimitMinutes).toBeNull();
    expect((await call(t.app, ada, 'GET', `/api/staff/tests/${T_BETA}/preview`)).statusCode).toBe(404);
    expect((await call(t.app, carla, 'GET', `/api/staff/tests/${T_TIMED}/preview`)).statusCode).toBe(403);
  });
});
