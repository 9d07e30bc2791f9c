import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { ADA, BEA, call, CARLA, type Caller, signInStaff, staffBundle, userId } from '../../test/staff-fixtures';

// Every audit entry is a row of the trail, with the company it concerns, kept before the answer leaves.

let t: TestApp;
let ada: Caller;
let bea: Caller;
let adaId: number;
let carlaId: number;
let alfaId: number;
let betaId: number;
beforeAll(async () => {
  t = await buildTestApp(staffBundle);
  [ada, bea] = await Promise.all([ADA, BEA].map((e) => signInStaff(t.app, e)));
  [adaId, carlaId] = await Promise.all([ADA, CARLA].map((e) => userId(t.app, e)));
  const companies = await t.app.database.db.selectFrom('companies').select(['id', 'name']).execute();
  alfaId = companies.find((c) => c.name === 'Alfa S.r.l.')!.id;
  betaId = companies.find((c) => c.name === 'Beta S.p.A.')!.id;
});
afterAll(() => t.close());

describe('the audit trail', () => {
  it("keeps a staff action as a row of the actor's company, before the answer arrives", async () => {
    const res = await call(t.app, ada, 'PUT', `/api/people/${carlaId}`, { firstName: 'Carlotta' });
    expect(res.statusCode).toBe(200);
    // Read at once: the answer waited for the row.
    const rows = await t.app.repos.audit.list({ companyId: alfaId, targetPrefix: `people/${carlaId}` }, { limit: 10, offset: 0 });
    expect(rows).toEqual([
      expect.objectContaining({
        event: 'staff-updated',
        actor_id: adaId,
        actor_first_name: 'Ada',
        company_id: alfaId,
        target: `people/${carlaId}`,
        route: 'PUT /api/people/:id',
        ip: expect.any(String),
      }),
    ]);
    expect(await t.app.repos.audit.count({ companyId: betaId, targetPrefix: `people/${carlaId}` }), "not in another company's trail").toBe(
      0,
    );
  });

  it("keeps a failed sign-in of an unknown address as nobody's, its e-mail masked", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody.here@example.com', password: 'wrong-Password-1' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const [row] = await t.app.repos.audit.list({ events: ['sign-in-failed'] }, { limit: 1, offset: 0 });
    expect(row).toMatchObject({ company_id: null, actor_id: null });
    expect(row!.email).not.toContain('nobody.here');
    expect(row!.email).toContain('example.com');
  });

  it('filters by company, event, time and target prefix, newest first, and counts alike', async () => {
    const before = new Date().toISOString();
    for (const firstName of ['Bea1', 'Bea2']) {
      const me = await userId(t.app, BEA);
      expect((await call(t.app, bea, 'PUT', `/api/people/${me}`, { firstName })).statusCode).toBe(200);
    }
    const filter = { companyId: betaId, events: ['staff-updated'], from: before };
    const rows = await t.app.repos.audit.list(filter, { limit: 1, offset: 0 });
    expect(rows).toHaveLength(1);
    expect(await t.app.repos.audit.count(filter)).toBe(2);
    const [newest, older] = await t.app.repos.audit.list(filter, { limit: 2, offset: 0 });
    expect(newest!.id).toBeGreaterThan(older!.id);
    expect(await t.app.repos.audit.count({ ...filter, to: before })).toBe(0);
    // A prefix is text, not a pattern: `_` matches only itself.
    expect(await t.app.repos.audit.count({ companyId: betaId, targetPrefix: 'people_' })).toBe(0);
    expect(await t.app.repos.audit.count({ companyId: betaId, targetPrefix: 'people/' })).toBe(2);
  });
});
