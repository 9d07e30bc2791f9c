import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { PASSWORD } from '../../../../test/fixtures';
import { importBundle } from '../../../import/import-bundle';
import {
  ADA,
  BEA,
  call,
  type Caller,
  CARLA,
  ELIO,
  SERGIO,
  signInStaff,
  STAFF_ALFA,
  STAFF_BETA,
  staffBundle,
} from '../../../../test/staff-fixtures';

let t: TestApp;
let ada: Caller;
let sergio: Caller;
let bea: Caller;
let carla: Caller;
let elio: Caller;
let opera: Caller;
const OPERA = 'opera@piattaforma.example';

beforeAll(async () => {
  t = await buildTestApp(staffBundle);
  // The platform's operator, whom only the operator's own import makes.
  const operator = await importBundle(t.database, {
    companies: [{ name: 'Piattaforma' }],
    users: [{ company: 'Piattaforma', email: OPERA, password: PASSWORD, firstName: 'Opera', role: 'operator', privacy: true }],
  });
  expect(operator.ok).toBe(true);
  [ada, sergio, bea, carla, elio, opera] = await Promise.all([ADA, SERGIO, BEA, CARLA, ELIO, OPERA].map((e) => signInStaff(t.app, e)));
});
afterAll(() => t.close());

describe('/api/companies', () => {
  it("lists the caller's own company under `companies`, with or without ?companyId=", async () => {
    for (const url of ['/api/companies', `/api/companies?companyId=${STAFF_ALFA}`]) {
      const res = await call(t.app, ada, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: true,
        companies: [
          {
            id: STAFF_ALFA,
            companyId: STAFF_ALFA,
            name: 'Alfa S.r.l.',
            logo: null,
            ssoSlug: null,
            timeZone: 'Europe/Rome',
            counts: { people: 6, campaigns: 2 },
            erasureKeepsResults: true,
            retentionMonths: null,
          },
        ],
      });
    }
    expect((await call(t.app, bea, 'GET', '/api/companies')).json().companies.map((c: { id: number }) => c.id)).toEqual([STAFF_BETA]);
  });

  it("answers 404 for another company's id, in the path and in ?companyId=", async () => {
    expect((await call(t.app, ada, 'GET', `/api/companies/${STAFF_BETA}`)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'GET', `/api/companies?companyId=${STAFF_BETA}`)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'PUT', `/api/companies/${STAFF_BETA}`, { name: 'Presa' })).statusCode).toBe(404);
    expect((await call(t.app, ada, 'DELETE', `/api/companies/${STAFF_BETA}`)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'DELETE', '/api/companies/selection', { ids: [STAFF_BETA] })).statusCode).toBe(404);
    expect((await call(t.app, ada, 'GET', '/api/companies/999999')).statusCode).toBe(404);
  });

  it('refuses candidates and assessors with 403, and nobody signed in with 401', async () => {
    for (const who of [carla, elio]) {
      expect((await call(t.app, who, 'GET', '/api/companies')).statusCode).toBe(403);
      expect((await call(t.app, who, 'GET', `/api/companies/${STAFF_ALFA}`)).statusCode).toBe(403);
      expect((await call(t.app, who, 'PUT', `/api/companies/${STAFF_ALFA}`, { name: 'Mia' })).statusCode).toBe(403);
      expect((await call(t.app, who, 'DELETE', `/api/companies/${STAFF_ALFA}`)).statusCode).toBe(403);
    }
    expect((await call(t.app, null, 'GET', '/api/companies')).statusCode).toBe(401);
  });

  it("answers 422 'No valid company name' for a missing or blank name", async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 42 }]) {
      for (const [method, url] of [
        ['PUT', `/api/companies/${STAFF_ALFA}`],
        ['POST', '/api/companies'],
      ] as const) {
        const res = await call(t.app, ada, method, url, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json()).toMatchObject({
          status: false,
          code: 'VALIDATION',
          errors: [{ path: 'body.name', message: 'No valid company name' }],
        });
      }
    }
  });

  it('renames the own company with the status flag (both kinds of staff), and refuses a name another company has', async () => {
    const res = await call(t.app, sergio, 'PUT', `/api/companies/${STAFF_ALFA}`, { name: 'Alfa Group', logo: '/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, company: { id: STAFF_ALFA, name: 'Alfa Group', logo: '/logo.svg' } });
    // Signed-in people see the new name at once.
    expect((await call(t.app, carla, 'GET', '/api/auth/me')).json().user.company.name).toBe('Alfa Group');
    const taken = await call(t.app, ada, 'PUT', `/api/companies/${STAFF_ALFA}`, { name: 'Beta S.p.A.' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('CONFLICT');
    await call(t.app, ada, 'PUT', `/api/companies/${STAFF_ALFA}`, { name: 'Alfa S.r.l.', logo: null });
  });

  it('refuses to create a company (the operator does) and to delete one with people (409 IN_USE)', async () => {
    expect((await call(t.app, ada, 'POST', '/api/companies', { name: 'Nuova' })).statusCode).toBe(403);
    for (const [url, body] of [
      [`/api/companies/${STAFF_ALFA}`, undefined],
      ['/api/companies/selection', { ids: [STAFF_ALFA] }],
    ] as const) {
      const res = await call(t.app, ada, 'DELETE', url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('IN_USE');
    }
    expect((await call(t.app, ada, 'GET', `/api/companies/${STAFF_ALFA}`)).statusCode).toBe(200);
  });
});

describe('/api/languages', () => {
  it('lists the languages under `languages` with how many of the company campaigns offer each', async () => {
    const res = await call(t.app, ada, 'GET', `/api/languages?companyId=${STAFF_ALFA}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      languages: [
        { id: 'EN_en', lang: 'EN_en', name: 'English', campaigns: 1 },
        { id: 'ES_es', lang: 'ES_es', name: 'Español', campaigns: 0 },
        { id: 'IT_it', lang: 'IT_it', name: 'Italiano', campaigns: 2 },
      ],
    });
    expect((await call(t.app, ada, 'GET', '/api/languages/ES_es')).json()).toMatchObject({ status: true, language: { name: 'Español' } });
    expect((await call(t.app, ada, 'GET', `/api/languages?companyId=${STAFF_BETA}`)).statusCode).toBe(404);
    expect((await call(t.app, ada, 'GET', '/api/languages/FR_fr')).statusCode).toBe(400);
  });

  it('refuses candidates and assessors with 403', async () => {
    for (const who of [carla, elio]) {
      expect((await call(t.app, who, 'GET', '/api/languages')).statusCode).toBe(403);
      expect((await call(t.app, who, 'PUT', '/api/languages/IT_it', { name: 'x' })).statusCode).toBe(403);
      expect((await call(t.app, who, 'DELETE', '/api/languages/ES_es')).statusCode).toBe(403);
    }
  });

  it("leaves every company's languages to the platform operator: other staff get 403, and a console bundle may not rename one", async () => {
    for (const who of [ada, sergio, bea]) {
      for (const [method, url, body] of [
        ['PUT', '/api/languages/IT_it', { name: 'Lingua di Alfa' }],
        ['POST', '/api/languages', { lang: 'IT_it', name: 'Italiano' }],
        ['DELETE', '/api/languages/EN_en', undefined],
        ['DELETE', '/api/languages/selection', { ids: ['EN_en'] }],
      ] as const) {
        const res = await call(t.app, who, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    const upload = await call(t.app, ada, 'POST', '/api/staff/imports', { languages: [{ lang: 'IT_it', name: 'Lingua di Alfa' }] });
    await t.app.staffJobs.idle();
    const job = (await call(t.app, ada, 'GET', `/api/staff/jobs/${upload.json().job.id}`)).json().job;
    expect(job).toMatchObject({
      state: 'invalid',
      problems: ["languages[0]: the platform's languages are named by the platform operator"],
    });
    // Listed as they are, they pass.
    const same = await call(t.app, ada, 'POST', '/api/staff/imports', { languages: [{ lang: 'IT_it', name: 'Italiano' }] });
    await t.app.staffJobs.idle();
    expect((await call(t.app, ada, 'GET', `/api/staff/jobs/${same.json().job.id}`)).json().job.state).toBe('validated');
    expect((await call(t.app, ada, 'GET', '/api/languages/IT_it')).json().language.name).toBe('Italiano');
  });

  it("keeps the operator's role to the platform operator: staff neither give nor take it", async () => {
    const given = await call(t.app, ada, 'POST', '/api/people', { email: 'nuovo-op@alfa.example', firstName: 'N', role: 'operator' });
    expect(given.statusCode).toBe(403);
    const carlaId = (await t.app.database.db.selectFrom('users').select('id').where('email', '=', CARLA).executeTakeFirstOrThrow()).id;
    expect((await call(t.app, ada, 'PUT', `/api/people/${carlaId}`, { role: 'operator' })).statusCode).toBe(403);
    const upload = await call(t.app, ada, 'POST', '/api/staff/imports', {
      users: [{ company: 'Alfa S.r.l.', email: 'altro-op@alfa.example', role: 'operator' }],
    });
    await t.app.staffJobs.idle();
    expect((await call(t.app, ada, 'GET', `/api/staff/jobs/${upload.json().job.id}`)).json().job.problems).toEqual([
      "users[0].role: the operator's role is given by the platform operator only",
    ]);
  });

  it('renames, refuses to delete what is in use, deletes and creates again, each with the status flag (the operator)', async () => {
    const ada = opera;
    const renamed = await call(t.app, ada, 'PUT', '/api/languages/ES_es', { name: 'Castellano' });
    expect(renamed.json()).toMatchObject({ status: true, language: { lang: 'ES_es', name: 'Castellano' } });
    // Nadia reads in Spanish; Italian is the campaigns'.
    for (const lang of ['ES_es', 'IT_it']) {
      const res = await call(t.app, ada, 'DELETE', `/api/languages/${lang}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('IN_USE');
    }
    await t.app.database.db.updateTable('users').set({ lang: null }).where('lang', '=', 'ES_es').execute();
    const selection = await call(t.app, ada, 'DELETE', '/api/languages/selection', { ids: ['ES_es'] });
    expect(selection.json()).toEqual({ status: true, deleted: ['ES_es'] });
    expect((await call(t.app, ada, 'GET', '/api/languages/ES_es')).statusCode).toBe(404);
    const created = await call(t.app, ada, 'POST', '/api/languages', { lang: 'ES_es', name: 'Español' });
    expect(created.json()).toMatchObject({ status: true, language: { lang: 'ES_es', name: 'Español', campaigns: 0 } });
    expect((await call(t.app, ada, 'POST', '/api/languages', { lang: 'ES_es', name: 'Otra' })).statusCode).toBe(409);
  });

  it('answers 422 for a code the interface does not speak and for a blank name', async () => {
    const ada = opera;
    const unknown = await call(t.app, ada, 'POST', '/api/languages', { lang: 'FR_fr', name: 'Français' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].path).toBe('body.lang');
    const blank = await call(t.app, ada, 'PUT', '/api/languages/IT_it', { name: ' ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual([{ path: 'body.name', message: 'Expected the language name' }]);
  });
});
