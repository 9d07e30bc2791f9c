import { createHash } from 'node:crypto';
import { playerUrl } from '@prova/contract/content';
import { contentFixture, filesOf, zipOf } from '@prova/test-support/content-files';
import { rawZip } from '@prova/test-support/raw-zip';
import { BUNDLE_UPLOAD_MAX_BYTES, BUNDLE_ZIP_UPLOAD_MAX_BYTES } from '@prova/contract/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import { PASSWORD } from '../../../../../test/fixtures';
import { importBundle } from '../../../../import/import-bundle';
import {
  ADA,
  BEA,
  BEN,
  C_BETA_S,
  call,
  type Caller,
  CARLA,
  ELIO,
  signInStaff,
  STAFF_ALFA,
  STAFF_BETA,
  staffBundle,
  T_BETA,
  T_SCORED,
  T_SHARED,
  SERGIO,
  T_UNUSED,
} from '../../../../../test/staff-fixtures';
import { UPLOAD_LIMIT } from './index';

let t: TestApp;
let ada: Caller;
let bea: Caller;
let carla: Caller;
let elio: Caller;
let sergio: Caller;

beforeAll(async () => {
  t = await buildTestApp(staffBundle);
  [ada, bea, carla, elio, sergio] = await Promise.all([ADA, BEA, CARLA, ELIO, SERGIO].map((e) => signInStaff(t.app, e)));
});
afterAll(() => t.close());

const people = Array.from({ length: 12 }, (_, i) => ({
  company: 'Alfa S.r.l.',
  email: `nuovo${i}@alfa.example`,
  password: PASSWORD,
  firstName: `Nuovo${i}`,
  lastName: 'Assunto',
}));
const newCampaign = {
  version: 1,
  users: people,
  tests: [{ id: 7701, abbreviation: 'NUO', name: 'Nuovo test', url: '/activities/new/' }],
  campaigns: [
    {
      id: 7702,
      company: 'Alfa S.r.l.',
      name: 'Campagna caricata',
      dateStart: '2026-01-01T00:00:00Z',
      dateEnd: '2030-01-01T00:00:00Z',
      tests: [{ test: 7701 }],
      participants: people.map((p) => ({ user: p.email })),
    },
  ],
};

/** Polls the job until it is in one of `states`, as the console does. */
async function waitForJob(who: Caller, id: string, states: string[]) {
  for (let i = 0; i < 400; i++) {
    const res = await call(t.app, who, 'GET', `/api/staff/jobs/${id}`);
    expect(res.statusCode).toBe(200);
    const { job } = res.json();
    if (states.includes(job.state)) return job;
    await t.app.staffJobs.idle();
  }
  throw new Error(`job ${id} never reached ${states.join('/')}`);
}
const userExists = async (email: string) =>
  (await t.app.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;

describe('bundle upload', () => {
  it('validates without writing and reports the plan, then imports on confirmation with the progress of each phase', async () => {
    const upload = await call(t.app, ada, 'POST', '/api/staff/imports', newCampaign);
    expect(upload.statusCode, upload.body).toBe(202);
    expect(upload.json()).toMatchObject({ status: true, job: { kind: 'import', state: 'validating', createdBy: { email: ADA } } });
    const validated = await waitForJob(ada, upload.json().job.id, ['validated', 'invalid']);
    expect(validated).toMatchObject({
      state: 'validated',
      problems: [],
      plan: { users: { create: 12, update: 0 }, tests: { create: 1, update: 0 }, campaigns: { create: 1, update: 0 } },
      campaigns: [{ id: 7702, name: { IT_it: 'Campagna caricata' } }],
      summary: null,
    });
    expect(await userExists('nuovo0@alfa.example')).toBe(false);

    const confirm = await call(t.app, ada, 'POST', `/api/staff/imports/${validated.id}/confirm`);
    expect(confirm.statusCode).toBe(202);
    expect(confirm.json().job.state).toBe('importing');
    const done = await waitForJob(ada, validated.id, ['done', 'invalid', 'failed']);
    expect(done).toMatchObject({
      state: 'done',
      phase: 'done',
      summary: { users: { created: 12 }, campaigns: { created: 1 }, participants: { created: 12 } },
    });
    expect(await userExists('nuovo11@alfa.example')).toBe(true);
    expect((await call(t.app, null, 'POST', '/api/auth/login', { username: 'nuovo3@alfa.example', password: PASSWORD })).statusCode).toBe(
      200,
    );

    // The new test is the company's; the campaign is followed like any other.
    const test = await call(t.app, ada, 'GET', `/api/usertests/7701?companyId=${STAFF_ALFA}`);
    expect(test.json().test).toMatchObject({ ownerCompanyId: STAFF_ALFA, editable: true, campaignIds: [7702] });
    expect((await call(t.app, ada, 'GET', '/api/staff/campaigns/7702/progress')).json().total).toBe(12);

    // A job is confirmed once.
    const twice = await call(t.app, ada, 'POST', `/api/staff/imports/${validated.id}/confirm`);
    expect(twice.statusCode).toBe(409);
    const list = (await call(t.app, ada, 'GET', '/api/staff/jobs')).json().jobs;
    expect(list.map((j: { id: string }) => j.id)).toContain(validated.id);
  });

  it('tells staff at validation of a test locked in a campaign that lacks the test it needs first', async () => {
    const bundle = {
      version: 1,
      tests: [
        { id: 7711, abbreviation: 'PRI', name: 'Prima', url: '/activities/first/' },
        { id: 7712, abbreviation: 'DOP', name: 'Dopo', url: '/activities/then/', jsonData: { prerequisites: [7711] } },
      ],
      campaigns: [{ ...newCampaign.campaigns[0], id: 7713, participants: [], tests: [{ test: 7712 }] }],
    };
    const upload = await call(t.app, ada, 'POST', '/api/staff/imports', bundle);
    expect(upload.statusCode, upload.body).toBe(202);
    const validated = await waitForJob(ada, upload.json().job.id, ['validated', 'invalid']);
    expect(validated).toMatchObject({
      state: 'validated',
      notes: [
        'campaigns[0].tests[0].test: test 7712 needs test 7711 first (its jsonData.prerequisites), which is not in this campaign: it stays locked for everyone who has not completed 7711 in it already',
      ],
    });
  });

  it("lists every problem, the importer's and the uploader's scope, and writes nothing", async () => {
    const bundle = {
      companies: [{ name: 'Beta S.p.A.' }],
      users: [
        { company: 'Beta S.p.A.', email: 'spia@beta.example' },
        { company: 'Alfa S.r.l.', email: BEA },
      ],
      tests: [{ id: T_BETA, abbreviation: 'BTE', url: '/x/' }],
      campaigns: [{ id: 9001, company: 'Alfa S.r.l.', dateStart: '2026-01-01T00:00:00Z', dateEnd: '2030-01-01T00:00:00Z' }],
    };
    const upload = await call(t.app, ada, 'POST', '/api/staff/imports', bundle);
    const job = await waitForJob(ada, upload.json().job.id, ['validated', 'invalid']);
    expect(job.state).toBe('invalid');
    expect(job.problems).toEqual(
      expect.arrayContaining([
        'tests[0].name: No valid Test name',
        'companies[0]: a bundle uploaded from the console describes only your company "Alfa S.r.l."',
        'users[0].company: people uploaded from the console belong to "Alfa S.r.l."',
        `users[1].email: "${BEA}" is taken`,
        'campaigns[0].id: id 9001 is taken',
        `tests[0].id: id ${T_BETA} is taken`,
      ]),
    );
    expect(await userExists('spia@beta.example')).toBe(false);
    const confirm = await call(t.app, ada, 'POST', `/api/staff/imports/${job.id}/confirm`);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().code).toBe('CONFLICT');
  });

  it("keeps a company's jobs to its staff (404 for another company), staff only (403)", async () => {
    const upload = await call(t.app, ada, 'POST', '/api/staff/imports', { users: [] });
    const id = upload.json().job.id;
    await t.app.staffJobs.idle();
    expect((await call(t.app, bea, 'GET', `/api/staff/jobs/${id}`)).statusCode).toBe(404);
    expect((await call(t.app, bea, 'POST', `/api/staff/imports/${id}/confirm`)).statusCode).toBe(404);
    expect((await call(t.app, bea, 'GET', '/api/staff/jobs')).json().jobs).toEqual([]);
    expect((await call(t.app, ada, 'GET', '/api/staff/jobs/not-a-job-id-0000000000')).statusCode).toBe(404);
    for (const who of [carla, elio]) {
      expect((await call(t.app, who, 'POST', '/api/staff/imports', { users: [] })).statusCode).toBe(403);
      expect((await call(t.app, who, 'GET', `/api/staff/jobs/${id}`)).statusCode).toBe(403);
    }
    expect((await call(t.app, ada, 'POST', '/api/staff/imports', [1, 2])).statusCode).toBe(422);
  });
});

/** Uploads a bundle and waits for its validation. */
async function validate(who: Caller, bundle: object) {
  const upload = await call(t.app, who, 'POST', '/api/staff/imports', bundle);
  expect(upload.statusCode, upload.body).toBe(202);
  return waitForJob(who, upload.json().job.id, ['validated', 'invalid']);
}
const betaCampaign = {
  id: C_BETA_S,
  company: 'Beta S.p.A.',
  name: 'Beta',
  dateStart: '2026-01-01T00:00:00Z',
  dateEnd: '2030-01-01T00:00:00Z',
};
const ids = async (who: Caller, companyId: number) =>
  ((await call(t.app, who, 'GET', `/api/usertests?companyId=${companyId}`)).json().tests as { id: number }[]).map((x) => x.id);

describe("a console bundle and other companies' tests", () => {
  it("refuses every place a bundle names another company's test, and the owner keeps changing it", async () => {
    const bundle = {
      tests: [{ id: 7801, abbreviation: 'BNU', name: 'Nuovo di Beta', url: '/activities/b/', jsonData: { prerequisites: [T_SCORED] } }],
      campaigns: [
        {
          ...betaCampaign,
          theme: 'challenge',
          tests: [{ test: T_BETA }, { test: T_SHARED, prerequisites: [T_BETA] }, { test: 7801 }],
          participants: [{ user: BEN }, { user: BEA }],
          assessments: [{ assessor: BEA, assessed: [BEN], tests: [T_SCORED] }],
          model: {
            areas: [{ id: 1, name: 'A' }],
            skills: [{ id: 10, areaId: 1, name: 'S' }],
            markers: [{ id: 100, skillId: 10, name: 'M' }],
            tasks: [{ id: 1000, markerId: 100, test: T_SCORED, outcome: 'score', min: 0, max: 10 }],
          },
          data: { sections: { s1: { name: 'Uno', tests: [T_BETA, T_SCORED] } }, tests: { '03/11/2026': T_SCORED } },
        },
      ],
    };
    const job = await validate(bea, bundle);
    expect(job.state).toBe('invalid');
    const not = `test ${T_SCORED} is not one of your company's tests, nor shared with it`;
    expect(job.problems).toEqual(
      expect.arrayContaining([
        `tests[0].jsonData.prerequisites[0]: ${not}`,
        `campaigns[0].model.tasks[0].test: ${not}`,
        `campaigns[0].data.sections.s1.tests[1]: ${not}`,
        `campaigns[0].data.tests.03/11/2026: ${not}`,
      ]),
    );
    // The assessment names a test the campaign does not list: the importer says so first.
    expect(job.problems.some((p: string) => p.startsWith('campaigns[0].assessments[0].tests[0]: '))).toBe(true);
    // Listing it among the campaign's tests is refused too, and nothing tells what the test is.
    const listed = await validate(bea, {
      campaigns: [{ ...betaCampaign, tests: [{ test: T_BETA }, { test: T_SCORED, prerequisites: [T_BETA] }] }],
    });
    expect(listed.problems).toEqual([`campaigns[0].tests[1].test: ${not}`]);
    expect(JSON.stringify(listed.problems)).not.toContain('Punteggio');

    // Alfa's test stays Alfa's: Beta neither sees it nor reads its script; Alfa still changes it.
    const beaTests = await ids(bea, STAFF_BETA);
    expect(beaTests).not.toContain(T_SCORED);
    expect((await call(t.app, bea, 'GET', '/api/tests/SCO/algorithm.js')).statusCode).toBe(404);
    const own = await call(t.app, ada, 'GET', `/api/usertests/${T_SCORED}?companyId=${STAFF_ALFA}`);
    expect(own.json().test).toMatchObject({ ownerCompanyId: STAFF_ALFA, editable: true });
  });

  it("gives nothing to a campaign that lists another company's test without a share (made before shares existed)", async () => {
    // What the old check let through: Beta's campaign lists Alfa's scored test.
    await t.app.database.db
      .insertInto('campaign_tests')
      .values({ campaign_id: C_BETA_S, test_id: T_SCORED, position: 9, prerequisites: '[]' })
      .execute();
    try {
      expect((await call(t.app, bea, 'GET', '/api/tests/SCO/algorithm.js')).statusCode).toBe(404);
      expect(await ids(bea, STAFF_BETA)).not.toContain(T_SCORED);
      expect((await call(t.app, bea, 'GET', `/api/usertests/${T_SCORED}?companyId=${STAFF_BETA}`)).statusCode).toBe(404);
      // Alfa still changes its own test.
      const { test } = (await call(t.app, ada, 'GET', `/api/usertests/${T_SCORED}?companyId=${STAFF_ALFA}`)).json();
      expect(test.editable).toBe(true);
      const put = await call(t.app, ada, 'PUT', `/api/usertests/${T_SCORED}`, {
        abbreviation: 'SCO',
        name: test.name,
        url: test.url,
        jsonData: test.jsonData,
        algorithm: 'function computeOutcomes(data) { return [{ questionId: "score", value: 9 }]; }',
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await call(t.app, ada, 'GET', '/api/tests/SCO/algorithm.js')).body).toContain('value: 9');
    } finally {
      await t.app.database.db.deleteFrom('campaign_tests').where('campaign_id', '=', C_BETA_S).where('test_id', '=', T_SCORED).execute();
    }
  });

  it('changes only tests the company owns: a library or shared test may be listed as it is, never changed', async () => {
    const library = await t.app.database.db.selectFrom('tests').selectAll().where('id', '=', 360).executeTakeFirstOrThrow();
    const the360 = { id: 360, abbreviation: '360', name: 'Feedback 360', url: '/skillup-360', jsonData: {} };
    const shared = { id: T_SHARED, abbreviation: 'SHA', name: 'Condiviso', url: '/activities/shared/', jsonData: {} };
    const changed = await validate(ada, {
      tests: [
        { ...the360, url: '/activities/taken-over/', algorithm: 'function computeOutcomes() { return []; }' },
        { ...shared, name: 'Rinominato' },
        { id: T_UNUSED, abbreviation: 'UNU', name: 'Non usato', url: '/activities/unused/', jsonData: {} },
      ],
    });
    expect(changed.problems).toEqual([
      'tests[0]: test 360 is shared with your company, not yours: only its owner changes it',
      `tests[1]: test ${T_SHARED} is shared with your company, not yours: only its owner changes it`,
      `tests[2].id: id ${T_UNUSED} is taken`,
    ]);
    expect(await t.app.database.db.selectFrom('tests').selectAll().where('id', '=', 360).executeTakeFirstOrThrow()).toEqual(library);
    // As it is, a shared test may be listed (and named by a campaign).
    const same = await validate(ada, { tests: [the360, shared] });
    expect(same).toMatchObject({ state: 'validated', problems: [] });
    // The staff API agrees: a library test is read-only.
    const put = await call(t.app, ada, 'PUT', '/api/usertests/360', { ...the360, url: '/activities/taken-over/' });
    expect(put.statusCode).toBe(409);
    expect(put.json().code).toBe('CONFLICT');
  });

  it('lets a company use a test the operator shares with it (`sharedWith`), read-only', async () => {
    expect(await ids(bea, STAFF_BETA)).not.toContain(T_UNUSED);
    const refused = await validate(bea, { campaigns: [{ ...betaCampaign, tests: [{ test: T_BETA }, { test: T_UNUSED }] }] });
    expect(refused.problems).toEqual([
      `campaigns[0].tests[1].test: test ${T_UNUSED} is not one of your company's tests, nor shared with it`,
    ]);
    const shared = await importBundle(t.database, {
      tests: [{ id: T_UNUSED, abbreviation: 'UNU', name: 'Non usato', url: '/activities/unused/', sharedWith: ['Beta S.p.A.'] }],
    });
    expect(shared.ok).toBe(true);
    expect(await ids(bea, STAFF_BETA)).toContain(T_UNUSED);
    const used = await validate(bea, { campaigns: [{ ...betaCampaign, tests: [{ test: T_BETA }, { test: T_UNUSED }] }] });
    expect(used).toMatchObject({ state: 'validated', problems: [] });
    expect((await call(t.app, bea, 'GET', `/api/usertests/${T_UNUSED}?companyId=${STAFF_BETA}`)).json().test.editable).toBe(false);
    // Sharing is the operator's: a console bundle may not share, nor give a test to another company.
    const sharing = await validate(bea, {
      tests: [
        { id: T_BETA, abbreviation: 'BTE', name: 'Beta test', url: '/activities/beta/', sharedWith: ['Alfa S.r.l.'], owner: 'Alfa S.r.l.' },
      ],
    });
    expect(sharing.problems).toEqual([
      'tests[0].owner: tests uploaded from the console belong to "Beta S.p.A."',
      'tests[0].sharedWith: tests are shared by the platform operator',
    ]);
  });
});

describe('passwords of an uploaded bundle', () => {
  it('are never stored in clear: the job keeps their hashes, and the people sign in with them once imported', async () => {
    const secret = 'Segreto-Mai-Salvato-2026';
    const bundle = { users: [{ company: 'Alfa S.r.l.', email: 'segreto@alfa.example', password: secret, firstName: 'Sara' }] };
    const job = await validate(ada, bundle);
    expect(job.state).toBe('validated');
    const row = async () => t.app.database.db.selectFrom('staff_jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
    const stored = await row();
    expect(stored.input).not.toBeNull();
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored.input).toContain('$argon2id$');
    // Nor does reading the job give anything of them.
    const read = await call(t.app, ada, 'GET', `/api/staff/jobs/${job.id}`);
    expect(read.body).not.toContain(secret);
    expect(read.body).not.toContain('argon2');

    await call(t.app, ada, 'POST', `/api/staff/imports/${job.id}/confirm`);
    expect((await waitForJob(ada, job.id, ['done', 'invalid', 'failed'])).state).toBe('done');
    expect((await row()).input).toBeNull();
    const login = await call(t.app, null, 'POST', '/api/auth/login', { username: 'segreto@alfa.example', password: secret });
    // The password is right: Sara is only told she is in no campaign yet (a missing hash would ask her to set one).
    expect(login.statusCode, login.body).toBe(422);
    expect(login.json().code).toBe('NO_ACTIVE_CAMPAIGN');
  });
});

describe('a large bundle', () => {
  /** Thousands of people in one campaign: thousands of records to check and of rows to write. */
  const large = (n: number) => {
    const users = Array.from({ length: n }, (_, i) => ({
      company: 'Alfa S.r.l.',
      email: `massa${i}@alfa.example`,
      firstName: `Persona ${i}`,
    }));
    return {
      users,
      campaigns: [
        {
          id: 7901,
          company: 'Alfa S.r.l.',
          name: 'Grande',
          dateStart: '2026-01-01T00:00:00Z',
          dateEnd: '2030-01-01T00:00:00Z',
          participants: users.map((u) => ({ user: u.email })),
        },
      ],
    };
  };

  it('is checked in steps and written while other requests are answered, before each phase ends', async () => {
    // A health request is sent as the import reports a phase under way; it is noted if answered before that phase's end.
    const answered: string[] = [];
    let now = { phase: '', done: 0, total: 0 };
    let asking = false;
    const result = await importBundle(t.database, large(3000), {
      onProgress(phase, done, total) {
        now = { phase, done, total };
        if (asking || done === 0 || done >= total) return;
        asking = true;
        void t.app.inject({ url: '/api/health' }).then((res) => {
          expect(res.statusCode).toBe(200);
          if (now.phase === phase && now.done < now.total) answered.push(phase);
          asking = false;
        });
      },
    });
    expect(result.ok).toBe(true);
    expect(answered).toContain('validating');
    expect(answered).toContain('writing');
  });

  it('uploads are limited per person: past the limit a 429 with Retry-After, while colleagues go on', async () => {
    const codes: number[] = [];
    for (let i = 0; i < UPLOAD_LIMIT.max; i++)
      codes.push((await call(t.app, sergio, 'POST', '/api/staff/imports', { users: [] })).statusCode);
    expect(codes.every((c) => c === 202)).toBe(true);
    const refused = await call(t.app, sergio, 'POST', '/api/staff/imports', { users: [] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(t.app, ada, 'POST', '/api/staff/imports', { users: [] })).statusCode).toBe(202);
    await t.app.staffJobs.idle();
  });
});

describe('a bundle uploaded as a zip with its packages', () => {
  const uploadZip = (who: Caller, zip: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/staff/imports',
      headers: { cookie: who.cookie, 'content-type': 'application/zip' },
      payload: zip,
    });
  const courseTest = (id: number, file: string) => ({ id, abbreviation: `C${id}`, name: `Corso ${id}`, package: { type: 'scorm', file } });
  const packageRows = () => t.app.database.db.selectFrom('content_packages').select(['hash', 'kind']).execute();

  it('validates it, storing its package once by hash and telling what staff should know, then imports it with those refs', async () => {
    const course = await zipOf(filesOf(contentFixture('scorm-manifest-2004-several')));
    const hash = createHash('sha256').update(course).digest('hex');
    const bundle = { version: 2, tests: [courseTest(7801, 'courses/onboarding.zip'), courseTest(7802, 'courses/onboarding.zip')] };
    const zip = await zipOf(
      new Map([
        ['bundle.json', Buffer.from(JSON.stringify(bundle))],
        ['courses/onboarding.zip', course],
      ]),
    );
    const before = (await packageRows()).length;

    const upload = await uploadZip(bea, zip);
    expect(upload.statusCode, upload.body).toBe(202);
    const validated = await waitForJob(bea, upload.json().job.id, ['validated', 'invalid']);
    expect(validated).toMatchObject({
      state: 'validated',
      problems: [],
      plan: { tests: { create: 2, update: 0 } },
      notes: [
        'tests[0].package.file: courses/onboarding.zip: 3 SCOs: only the first one, "Benvenuto", is delivered (the others are left out)',
      ],
    });
    // Stored already (content-addressed: harmless if never confirmed), the tests not yet.
    expect(await packageRows()).toContainEqual({ hash, kind: 'scorm' });
    expect((await packageRows()).length).toBe(before + 1);
    expect(await t.app.database.db.selectFrom('tests').select('id').where('id', 'in', [7801, 7802]).execute()).toEqual([]);

    expect((await call(t.app, bea, 'POST', `/api/staff/imports/${validated.id}/confirm`)).statusCode).toBe(202);
    const done = await waitForJob(bea, validated.id, ['done', 'invalid', 'failed']);
    expect(done).toMatchObject({ state: 'done', summary: { tests: { created: 2 } }, notes: validated.notes });
    const rows = await t.app.database.db
      .selectFrom('tests')
      .select(['id', 'url', 'package_hash', 'owner_company_id'])
      .where('id', 'in', [7801, 7802])
      .orderBy('id')
      .execute();
    expect(rows).toEqual(
      [7801, 7802].map((id) => ({ id, url: playerUrl('scorm', hash), package_hash: hash, owner_company_id: STAFF_BETA })),
    );

    // The same package again, in a second upload: still one package.
    const again = await waitForJob(bea, (await uploadZip(bea, zip)).json().job.id, ['validated', 'invalid']);
    expect(again.state).toBe('validated');
    expect((await packageRows()).length).toBe(before + 1);
  });

  it("links a QTI bank new in the zip to the company's new campaign, and names that campaign for the page", async () => {
    const bundle = {
      version: 2,
      companies: [{ name: 'Beta S.p.A.' }],
      users: [{ company: 'Beta S.p.A.', email: 'banca@beta.example', firstName: 'Nora', lastName: 'Banca', privacy: true }],
      tests: [{ id: 7821, abbreviation: 'QZB', name: 'Banca', package: { type: 'qti', file: 'banche/banca.zip' } }],
      campaigns: [
        {
          id: 7822,
          company: 'Beta S.p.A.',
          name: { IT_it: 'Campagna QTI', EN_en: 'QTI campaign' },
          dateStart: '2026-01-01T00:00:00Z',
          dateEnd: '2030-01-01T00:00:00Z',
          tests: [{ test: 7821 }],
          participants: [{ user: 'banca@beta.example' }],
        },
      ],
    };
    const zip = await zipOf(
      new Map([
        ['bundle.json', Buffer.from(JSON.stringify(bundle))],
        ['banche/banca.zip', await zipOf(filesOf(contentFixture('qti-all-interactions')))],
      ]),
    );
    const validated = await waitForJob(bea, (await uploadZip(bea, zip)).json().job.id, ['validated', 'invalid']);
    const named = [{ id: 7822, name: { IT_it: 'Campagna QTI', EN_en: 'QTI campaign' } }];
    expect(validated).toMatchObject({ state: 'validated', problems: [], campaigns: named });
    expect((await call(t.app, bea, 'POST', `/api/staff/imports/${validated.id}/confirm`)).statusCode).toBe(202);
    const done = await waitForJob(bea, validated.id, ['done', 'invalid', 'failed']);
    expect(done).toMatchObject({ state: 'done', campaigns: named, summary: { campaignTests: { created: 1 } } });
    const links = await t.app.database.db.selectFrom('campaign_tests').select('test_id').where('campaign_id', '=', 7822).execute();
    expect(links).toEqual([{ test_id: 7821 }]);
  });

  it("lists the zip's problems and its package's, and stores nothing", async () => {
    const bomb = rawZip([{ name: 'huge.bin', data: new Uint8Array(16), deflate: true, declaredSize: 0xffffffff }]);
    const bundle = { version: 2, tests: [courseTest(7811, 'courses/huge.zip'), courseTest(7812, 'courses/missing.zip')] };
    const zip = rawZip([
      { name: 'bundle.json', data: JSON.stringify(bundle) },
      { name: 'courses/huge.zip', data: bomb },
    ]);
    const before = (await packageRows()).length;
    const job = await waitForJob(bea, (await uploadZip(bea, zip)).json().job.id, ['validated', 'invalid']);
    expect(job.state).toBe('invalid');
    expect(job.problems).toEqual([
      'tests[0].package.file: courses/huge.zip: huge.bin: 4096 MiB uncompressed, more than the 128 MiB a file may have',
      'tests[1].package.file: no file "courses/missing.zip" in the bundle',
    ]);
    expect((await packageRows()).length).toBe(before);

    const evil = rawZip([
      { name: 'bundle.json', data: '{}' },
      { name: '../escape.txt', data: 'x' },
    ]);
    const refused = await waitForJob(bea, (await uploadZip(bea, evil)).json().job.id, ['validated', 'invalid']);
    expect(refused.problems).toEqual(['bundle.zip: "../escape.txt" goes outside the bundle with ".."']);
  });

  it('takes a zip past the JSON limit, up to its own limit of 64 MiB', async () => {
    // An app of its own: these uploads count against nobody else's limit.
    const own = await buildTestApp(staffBundle);
    try {
      const who = await signInStaff(own.app, BEA);
      const post = (type: string, payload: string | Buffer) =>
        own.app.inject({ method: 'POST', url: '/api/staff/imports', headers: { cookie: who.cookie, 'content-type': type }, payload });
      const big = 'x'.repeat(BUNDLE_UPLOAD_MAX_BYTES);
      expect((await post('application/json', JSON.stringify({ users: [], pad: big }))).statusCode).toBe(413);
      const zip = rawZip([{ name: 'bundle.json', data: JSON.stringify({ version: 2, pad: big }) }]);
      expect(zip.length).toBeGreaterThan(BUNDLE_UPLOAD_MAX_BYTES);
      const taken = await post('application/zip', zip);
      expect(taken.statusCode, taken.body).toBe(202);
      expect((await post('application/zip', Buffer.alloc(BUNDLE_ZIP_UPLOAD_MAX_BYTES + 1))).statusCode).toBe(413);
      await own.app.staffJobs.idle();
    } finally {
      await own.close();
    }
  });
});

describe('norms in an uploaded bundle', () => {
  it('plans the norms it will create, then those it will update, and writes them on confirmation', async () => {
    const normed = (mean: number) => ({
      version: 2,
      tests: [{ id: 7711, abbreviation: 'NRM', name: 'Test normato', url: '/activities/normed/' }],
      campaigns: [
        {
          id: 7712,
          company: 'Alfa S.r.l.',
          name: 'Campagna con norme',
          dateStart: '2026-01-01T00:00:00Z',
          dateEnd: '2030-01-01T00:00:00Z',
          tests: [{ test: 7711 }],
          norms: [7713],
        },
      ],
      norms: [{ id: 7713, name: 'Diplomati', test: 7711, outcome: 'score', mean, sd: 10, n: 400 }],
    });
    // An app of its own: these uploads count against nobody else's limit.
    const own = await buildTestApp(staffBundle);
    try {
      const who = await signInStaff(own.app, ADA);
      const until = async (id: string, states: string[]) => {
        for (;;) {
          const { job } = (await call(own.app, who, 'GET', `/api/staff/jobs/${id}`)).json();
          if (states.includes(job.state)) return job;
          await own.app.staffJobs.idle();
        }
      };
      const upload = async (bundle: unknown) =>
        until((await call(own.app, who, 'POST', '/api/staff/imports', bundle)).json().job.id, ['validated', 'invalid']);

      const first = await upload(normed(50));
      expect(first).toMatchObject({ state: 'validated', plan: { norms: { create: 1, update: 0 }, campaigns: { create: 1, update: 0 } } });
      await call(own.app, who, 'POST', `/api/staff/imports/${first.id}/confirm`);
      expect(await until(first.id, ['done', 'invalid', 'failed'])).toMatchObject({
        state: 'done',
        summary: { norms: { created: 1, updated: 0 } },
      });

      const changed = await upload(normed(52));
      expect(changed).toMatchObject({ state: 'validated', plan: { norms: { create: 0, update: 1 } } });
    } finally {
      await own.close();
    }
  });
});
