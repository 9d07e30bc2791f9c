import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  ADA,
  BEA,
  BEN,
  C_ALFA,
  C_BETA_S,
  call,
  CARLA,
  type Caller,
  signInStaff,
  staffBundle,
  T_SCORED,
  T_UNUSED,
  userId,
} from '../../test/staff-fixtures';

// Another company's campaigns, people and reports answer 404, as what nobody has: nobody learns they exist. Each such
// refusal leaves an `audit` entry saying who asked for what, and whose it is; a real miss leaves none.

const lines: string[] = [];
let t: TestApp;
let bea: Caller;
let ben: Caller;
let carlaId: number;
let beaId: number;
let alfaId: number;
beforeAll(async () => {
  t = await buildTestApp(staffBundle, { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  [bea, ben] = await Promise.all([BEA, BEN].map((e) => signInStaff(t.app, e)));
  [carlaId, beaId] = await Promise.all([CARLA, BEA].map((e) => userId(t.app, e)));
  alfaId = (await t.app.database.db.selectFrom('companies').select('id').where('name', '=', 'Alfa S.r.l.').executeTakeFirstOrThrow()).id;
  expect((await call(t.app, ben, 'POST', `/api/usercampaign/${C_BETA_S}`, { lang: 'IT_it' })).statusCode).toBe(200);
});
afterAll(() => t.close());

/** The audit entries written since `from` lines were logged. */
const auditsSince = (from: number) =>
  lines
    .slice(from)
    .map((line) => JSON.parse(line) as { audit?: Record<string, unknown> })
    .flatMap((entry) => (entry.audit ? [entry.audit] : []));

/** Asks as `who`; answers the answer and the audit entries it left (written just after the answer). */
async function ask(who: Caller, url: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET', payload?: unknown) {
  const from = lines.length;
  const res = await call(t.app, who, method, url, payload);
  await new Promise((resolve) => setImmediate(resolve));
  return { res, audits: auditsSince(from).filter((entry) => entry.event === 'other-company-refused') };
}

describe("another company's resources", () => {
  it("answer 404 as a miss does, and leave an audit entry of who asked for what: a campaign's progress, a person, a list", async () => {
    const missing = await ask(bea, '/api/staff/campaigns/999999/progress');
    expect(missing.res.statusCode).toBe(404);
    expect(missing.audits, 'a real miss is no probe').toEqual([]);

    const progress = await ask(bea, `/api/staff/campaigns/${C_ALFA}/progress`);
    expect(progress.res.statusCode).toBe(404);
    expect(progress.res.json()).toEqual(missing.res.json());
    expect(progress.audits).toEqual([
      expect.objectContaining({
        userId: beaId,
        target: `campaigns/${C_ALFA}`,
        route: 'GET /api/staff/campaigns/:campaignId/progress',
        detail: expect.stringContaining(`company ${alfaId}'s`),
        ip: expect.any(String),
        at: expect.any(String),
      }),
    ]);

    const person = await ask(bea, `/api/people/${carlaId}`);
    expect(person.res.statusCode).toBe(404);
    expect(person.audits).toEqual([expect.objectContaining({ userId: beaId, target: `people/${carlaId}`, route: 'GET /api/people/:id' })]);
    const changed = await ask(bea, `/api/people/${carlaId}`, 'PUT', { firstName: 'Presa' });
    expect(changed.res.statusCode).toBe(404);
    expect(changed.audits).toEqual([expect.objectContaining({ userId: beaId, target: `people/${carlaId}` })]);
    expect((await ask(bea, '/api/people/999999')).audits).toEqual([]);

    const list = await ask(bea, `/api/people?companyId=${alfaId}`);
    expect(list.res.statusCode).toBe(404);
    expect(list.audits).toEqual([expect.objectContaining({ userId: beaId, target: `companies/${alfaId}` })]);
  });

  it("leave an audit entry for another company's sample and job, read, changed, deleted or downloaded", async () => {
    const ada = await signInStaff(t.app, ADA);
    const [sample] = (await call(t.app, ada, 'GET', `/api/samples?campaignId=${C_ALFA}`)).json().samples as { id: number }[];
    expect(sample).toBeDefined();
    expect((await ask(bea, '/api/samples/999999')).audits, 'a real miss is no probe').toEqual([]);
    const read = await ask(bea, `/api/samples/${sample!.id}`);
    expect(read.res.statusCode).toBe(404);
    expect(read.audits).toEqual([
      expect.objectContaining({ userId: beaId, target: `samples/${sample!.id}`, route: 'GET /api/samples/:id' }),
    ]);
    const gone = await ask(bea, `/api/samples/${sample!.id}`, 'DELETE');
    expect(gone.res.statusCode).toBe(404);
    expect(gone.audits).toEqual([expect.objectContaining({ userId: beaId, target: `samples/${sample!.id}` })]);

    const upload = await call(t.app, ada, 'POST', '/api/staff/imports', { users: [] });
    expect(upload.statusCode, upload.body).toBe(202);
    const jobId = upload.json().job.id as string;
    expect((await ask(bea, '/api/staff/jobs/no-such-job-at-all-0000')).audits, 'a real miss is no probe').toEqual([]);
    const job = await ask(bea, `/api/staff/jobs/${jobId}`);
    expect(job.res.statusCode).toBe(404);
    expect(job.audits).toEqual([expect.objectContaining({ userId: beaId, target: `jobs/${jobId}`, route: 'GET /api/staff/jobs/:jobId' })]);
    const file = await ask(bea, `/api/staff/jobs/${jobId}/file`);
    expect(file.res.statusCode).toBe(404);
    expect(file.audits).toEqual([expect.objectContaining({ userId: beaId, target: `jobs/${jobId}` })]);
  });

  it("answer a norm of another company's test as one of a test nobody has, previewed or saved, and audit it", async () => {
    const norm = (test: number) => ({ name: 'Sonda', test, outcome: 'score', campaigns: [C_BETA_S] });
    for (const url of ['/api/staff/norms/preview', '/api/staff/norms']) {
      const missing = await ask(bea, url, 'POST', norm(999_999));
      expect(missing.res.statusCode).toBe(404);
      expect(missing.audits, 'a real miss is no probe').toEqual([]);
      // The operator's test shared with nobody is no company's: not found, and no probe of anyone.
      const library = await ask(bea, url, 'POST', norm(T_UNUSED));
      expect(library.res.json()).toEqual(missing.res.json());
      expect(library.audits).toEqual([]);
      const alfas = await ask(bea, url, 'POST', norm(T_SCORED));
      expect(alfas.res.statusCode).toBe(404);
      expect(alfas.res.json()).toEqual(missing.res.json());
      expect(alfas.audits).toEqual([
        expect.objectContaining({ userId: beaId, target: `tests/${T_SCORED}`, detail: expect.stringContaining(`company ${alfaId}'s`) }),
      ]);
    }
  });

  it("leave an audit entry when a candidate asks for another company's report", async () => {
    const benId = await userId(t.app, BEN);
    const report = await ask(ben, `/api/report/${C_ALFA}/individual/personal/${carlaId}`);
    expect(report.res.statusCode).toBe(404);
    expect(report.audits).toEqual([
      expect.objectContaining({
        userId: benId,
        target: `campaigns/${C_ALFA}/people/${carlaId}`,
        route: expect.stringContaining('/api/report/'),
      }),
    ]);
  });
});
