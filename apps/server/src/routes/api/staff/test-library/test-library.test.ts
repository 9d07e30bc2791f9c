import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipOf } from '@prova/test-support/content-files';
import { rawZip } from '@prova/test-support/raw-zip';
import { buildActivitiesApp } from '../../../../activities-app';
import { loadEnv } from '../../../../config/env';
import { createContentRepository } from '../../../../repositories/content-repository';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import { fixtureZip } from '../../../../../test/import-with-packages';
import {
  ADA,
  BEA,
  C_ALFA,
  C_BETA_S,
  call,
  SERGIO,
  type Caller,
  CARLA,
  signInStaff,
  STAFF_ALFA,
  staffBundle,
  STAFF_BETA,
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
    // Named by the package's own title.
    expect(test.name).toEqual({ IT_it: 'General knowledge' });
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

describe('POST /api/staff/test-packages?type=activity: a web activity', () => {
  const encoder = new TextEncoder();
  const PAGE =
    '<!doctype html><html lang="it"><head><meta charset="utf-8"><title>Prova &amp; verifica</title>' +
    '<script src="/sdk/1.1.0/prova-activity.js"></script><script src="app.js"></script></head><body></body></html>';
  const zipped = (files: Record<string, string>) =>
    zipOf(new Map(Object.entries(files).map(([path, text]) => [path, encoder.encode(text)])));
  let activities: FastifyInstance;
  let sdkRoot: string;
  beforeAll(async () => {
    // The SDK as the build writes it, loaded by the activity from its own origin.
    sdkRoot = mkdtempSync(join(tmpdir(), 'prova-sdk-'));
    mkdirSync(join(sdkRoot, '1.1.0'));
    writeFileSync(join(sdkRoot, '1.1.0', 'prova-activity.js'), 'window.ProvaActivity = {};');
    const env = loadEnv({ PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' });
    activities = await buildActivitiesApp({
      env,
      activitiesRoot: join(sdkRoot, 'none'),
      sdkRoot,
      packages: createContentRepository(t.database.db),
      logger: false,
    });
  });
  afterAll(async () => {
    await activities.close();
    rmSync(sdkRoot, { recursive: true, force: true });
  });

  it("makes the zip's index.html a test framed on the activities origin, its files served with their types and the packages' CSP", async () => {
    const zip = await zipped({ 'quiz/index.html': PAGE, 'quiz/app.js': 'ProvaActivity.init();', 'quiz/img/logo.svg': '<svg/>' });
    const res = await upload(ada, `?type=activity&campaignId=${C_ALFA}`, zip);
    expect(res.statusCode).toBe(201);
    const { test, notes } = res.json();
    expect(notes).toEqual([]);
    expect(test).toMatchObject({ name: { IT_it: 'Prova & verifica' }, ownerCompanyId: STAFF_ALFA, campaignIds: [C_ALFA], editable: true });
    expect(test.url).toMatch(/^\/packages\/[0-9a-f]{64}\/quiz\/index\.html$/);
    expect(await audits()).toContainEqual(expect.objectContaining({ event: 'staff-created', target: `usertests/${test.id}` }));

    // The room frames the page itself, on the activities origin (no player between); so does the preview.
    const preview = await call(t.app, ada, 'GET', `/api/staff/tests/${test.id}/preview`);
    expect(preview.json().url).toMatch(new RegExp(`^https?://[^/]+${test.url.replace(/[.]/g, '\\.')}$`));
    const candidate = { cookie: carla.cookie };
    expect((await call(t.app, candidate, 'POST', `/api/usercampaign/${C_ALFA}`, { lang: 'IT_it' })).statusCode).toBe(200);
    const room = await call(t.app, candidate, 'GET', '/api/usertests');
    expect(room.json().tests.find((x: { id: number }) => x.id === test.id)?.url).toBe(preview.json().url);

    const page = await activities.inject({ method: 'GET', url: test.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toBe(PAGE);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain('frame-ancestors');
    expect(csp).toContain('http://localhost:3000');
    const base = test.url.replace(/index\.html$/, '');
    expect((await activities.inject({ method: 'GET', url: `${base}app.js` })).headers['content-type']).toBe(
      'text/javascript; charset=utf-8',
    );
    expect((await activities.inject({ method: 'GET', url: `${base}img/logo.svg` })).headers['content-type']).toBe('image/svg+xml');
    // The SDK it names, from the same origin.
    expect((await activities.inject({ method: 'GET', url: '/sdk/1.1.0/prova-activity.js' })).statusCode).toBe(200);
  });

  it('takes index.html at the root too, and tells an activity from a content package when not said', async () => {
    const res = await upload(ada, '', await zipped({ 'index.html': PAGE.replace('Prova &amp; verifica', 'Alla radice') }));
    expect(res.statusCode).toBe(201);
    expect(res.json().test.url).toMatch(/^\/packages\/[0-9a-f]{64}\/index\.html$/);
    expect(res.json().test.name.IT_it).toBe('Alla radice');
  });

  // Uploads are ten in ten minutes per person: Ada has had hers.
  let sergio: Caller;
  beforeAll(async () => {
    sergio = await signInStaff(t.app, SERGIO);
  });

  it('refuses a zip without index.html, a page without a title, and what is not a zip, each problem said and named', async () => {
    const none = await upload(sergio, '?type=activity', await zipped({ 'pagina.html': PAGE, 'app.js': '' }));
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({
      code: 'VALIDATION',
      errors: [{ path: 'body', code: 'NO_INDEX', message: expect.stringMatching(/^index\.html: not in the zip/) }],
    });
    // Two top folders: which one is the activity is not said.
    const two = await upload(sergio, '?type=activity', await zipped({ 'a/index.html': PAGE, 'b/index.html': PAGE }));
    expect(two.json().errors[0].message).toMatch(/^index\.html: not in the zip/);
    const untitled = await upload(sergio, '?type=activity', await zipped({ 'index.html': '<!doctype html><title> </title>' }));
    expect(untitled.statusCode).toBe(422);
    expect(untitled.json().errors[0]).toMatchObject({ code: 'NO_TITLE', message: expect.stringMatching(/^index\.html: no <title>/) });
    const reserved = await upload(sergio, '?type=activity', await zipped({ 'index.html': PAGE, 'delivery.json': '{}' }));
    expect(reserved.json().errors[0].code).toBe('RESERVED_NAME');
    const unsafe = await upload(
      sergio,
      '?type=activity',
      rawZip([
        { name: 'index.html', data: PAGE },
        { name: '../escape.js', data: '' },
      ]),
    );
    expect(unsafe.statusCode).toBe(422);
    expect(unsafe.json().errors[0].message).toMatch(/goes outside/);
    // A bad file inside a zip has no name of its own: the console says it as the server does.
    expect(unsafe.json().errors[0].code).toBeUndefined();
    const notZip = await upload(sergio, '?type=activity', 'not a zip');
    expect(notZip.statusCode).toBe(422);
    expect(notZip.json().errors[0]).toMatchObject({ code: 'NOT_A_ZIP', message: expect.stringMatching(/^not a readable zip/) });
  });

  it("is the uploader's company's alone, and only staff may upload one", async () => {
    const zip = await zipped({ 'index.html': PAGE.replace('Prova &amp; verifica', 'Riservata') });
    const { test } = (await upload(sergio, '?type=activity', zip)).json();
    expect((await call(t.app, bea, 'GET', `/api/usertests/${test.id}?companyId=${STAFF_BETA}`)).statusCode).toBe(404);
    expect((await call(t.app, bea, 'GET', `/api/staff/tests/${test.id}/preview`)).statusCode).toBe(404);
    const betaList = await call(t.app, bea, 'GET', `/api/usertests?companyId=${STAFF_BETA}`);
    expect(betaList.json().tests.map((x: { id: number }) => x.id)).not.toContain(test.id);
    // Nor into its campaigns: Beta's staff cannot upload into Alfa's campaign.
    expect((await upload(bea, `?type=activity&campaignId=${C_ALFA}`, zip)).statusCode).toBe(422);
    expect((await upload(carla, '?type=activity', zip)).statusCode).toBe(403);
    const nobody = await t.app.inject({
      method: 'POST',
      url: '/api/staff/test-packages?type=activity',
      headers: { 'content-type': 'application/zip' },
      payload: Buffer.from(zip),
    });
    expect(nobody.statusCode).toBe(401);
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
