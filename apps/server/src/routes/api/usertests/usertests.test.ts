import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { ANNA, C_360, C_MAIN, type Caller, deliveryBundle, ELENA, MARCO, signIn, UGO } from '../tests/test-delivery-fixtures';

let t: TestApp;
let anna: Caller;
beforeAll(async () => {
  t = await buildTestApp(deliveryBundle);
  anna = await signIn(t.app, ANNA, C_MAIN);
});
afterAll(() => t.close());

const list = async (who: Caller) => {
  const res = await t.app.inject({ url: '/api/usertests', headers: { cookie: who.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().tests as Array<Record<string, any>>;
};

describe('GET /api/usertests', () => {
  it("lists the selected campaign's tests in campaign order, localized, with the caller's status and start rules", async () => {
    const tests = await list(anna);
    // 201 is the assessors' test about Anna: never in her list.
    expect(tests.map((x) => x.id)).toEqual([101, 102, 103, 104, 105, 106]);
    const [rag, sti] = tests;
    expect(rag).toMatchObject({
      abbreviation: 'RAG',
      name: 'Ragionamento numerico',
      status: 'not attempted',
      version: 0,
      canStart: true,
      prerequisites: [],
      missingPrerequisites: [],
      repeatable: false,
      legacy: false,
      jsonData: { duration: 25, hasTimer: true, exitMessage: 'Esci?', options: { level: 2 } },
    });
    expect(sti).toMatchObject({ prerequisites: [101], missingPrerequisites: [101], canStart: false });
    expect(tests.find((x) => x.id === 105)).toMatchObject({ prerequisites: [104], canStart: false });
    expect(tests.find((x) => x.id === 106)!.theme.preview).toMatchObject({ subject: 'Ciao Anna', content: 'Benvenuta Anna' });
  });

  it('follows progress: incomplete, then complete and unlocked dependents; not restartable unless repeatable', async () => {
    const base = `${C_MAIN}/${anna.id}`;
    await t.app.inject({ method: 'POST', url: `/api/tests/101/start/${base}`, headers: { cookie: anna.cookie }, payload: {} });
    expect((await list(anna))[0]).toMatchObject({ status: 'incomplete', canStart: true });
    await t.app.inject({
      method: 'POST',
      url: `/api/tests/101/status/${base}`,
      headers: { cookie: anna.cookie },
      payload: { version: 2, status: 'complete' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/tests/104/status/${base}`,
      headers: { cookie: anna.cookie },
      payload: { version: 2, status: 'complete' },
    });
    const tests = await list(anna);
    expect(tests[0]).toMatchObject({ status: 'complete', version: 2, canStart: false });
    expect(tests[1]).toMatchObject({ missingPrerequisites: [], canStart: true });
    expect(tests.find((x) => x.id === 104)).toMatchObject({ status: 'complete', canStart: true });
    expect(tests.find((x) => x.id === 105)).toMatchObject({ canStart: true });
  });

  it('lets an assessor start tests with missing prerequisites', async () => {
    const elena = await signIn(t.app, ELENA, C_MAIN);
    const tests = await list(elena);
    expect(tests.find((x) => x.id === 102)).toMatchObject({ missingPrerequisites: [101], canStart: true });
    expect(tests.find((x) => x.id === 201)).toMatchObject({ assessorTest: true });
  });

  it("points the platform's own activities at their origin and leaves the other urls as imported", async () => {
    const in360 = await signIn(t.app, ANNA, C_360);
    expect((await list(in360)).map((x) => [x.id, x.url])).toEqual([
      [360, '/skillup-360'],
      [101, 'http://127.0.0.1:3001/activities/numerical/'],
    ]);
  });

  it('shows the 360 test only in a 360 campaign', async () => {
    const in360 = await signIn(t.app, ANNA, C_360);
    expect((await list(in360)).map((x) => x.id)).toEqual([360, 101]);
    expect((await list(anna)).map((x) => x.id)).not.toContain(360);
  });

  it('answers one test by id, 404 for one outside the campaign, 403 for another company, 422 without consent', async () => {
    const one = await t.app.inject({ url: '/api/usertests/102', headers: { cookie: anna.cookie } });
    expect(one.json()).toMatchObject({ status: true, test: { id: 102, abbreviation: 'STI' } });
    expect((await t.app.inject({ url: '/api/usertests/901', headers: { cookie: anna.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/usertests?companyId=999', headers: { cookie: anna.cookie } })).statusCode).toBe(403);
    const ugo = await signIn(t.app, UGO, C_MAIN);
    const res = await t.app.inject({ url: '/api/usertests', headers: { cookie: ugo.cookie } });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('NO_PRIVACY_CONSENT');
    const marco = await signIn(t.app, MARCO, C_MAIN);
    expect((await list(marco))[0]).toMatchObject({ status: 'not attempted', jsonData: { duration: 20 } });
  });
});
