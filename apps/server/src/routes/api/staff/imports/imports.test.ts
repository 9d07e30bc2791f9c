import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import { PASSWORD } from '../../../../../test/fixtures';
import { ADA, BEA, call, type Caller, CARLA, ELIO, signInStaff, STAFF_ALFA, staffBundle, T_BETA } from '../../../../../test/staff-fixtures';

let t: TestApp;
let ada: Caller;
let bea: Caller;
let carla: Caller;
let elio: Caller;

beforeAll(async () => {
  t = await buildTestApp(staffBundle);
  [ada, bea, carla, elio] = await Promise.all([ADA, BEA, CARLA, ELIO].map((e) => signInStaff(t.app, e)));
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
        `tests[0].id: test ${T_BETA} is another company's too: it cannot be changed from here`,
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
