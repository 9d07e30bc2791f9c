import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import { PASSWORD } from '../../../../../test/fixtures';
import {
  ADA,
  BEA,
  call,
  type Caller,
  CARLA,
  SERGIO,
  signInStaff,
  STAFF_ALFA,
  STAFF_BETA,
  staffBundle,
  T_TIMED,
  userId,
} from '../../../../../test/staff-fixtures';

// The audit trail as staff read it: their company's own, filtered, paged and as CSV; the operator's every company's.

const OPERATOR = 'olga@alfa.example';
let t: TestApp;
let ada: Caller;
let sergio: Caller;
let bea: Caller;
let carla: Caller;
let olga: Caller;

type Listed = { event: string; target: string | null; companyId: number | null; actor: { id: number; name: string } | null };
const entries = async (who: Caller, query = '') => {
  const res = await call(t.app, who, 'GET', `/api/staff/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: Listed[]; total: number; page: number; pageSize: number };
};

beforeAll(async () => {
  t = await buildTestApp({
    ...staffBundle,
    users: [
      ...staffBundle.users,
      {
        company: 'Alfa S.r.l.',
        email: OPERATOR,
        password: PASSWORD,
        firstName: 'Olga',
        lastName: 'Operatrice',
        role: 'operator',
        privacy: true,
      },
    ],
  });
  [ada, sergio, bea, carla, olga] = await Promise.all([ADA, SERGIO, BEA, CARLA, OPERATOR].map((e) => signInStaff(t.app, e)));
  const texts = { name: { IT_it: 'A tempo' }, description: { IT_it: '' }, instructions: { IT_it: '' } };
  expect((await call(t.app, ada, 'PUT', `/api/staff/tests/${T_TIMED}/texts`, texts)).statusCode).toBe(200);
  expect(
    (await call(t.app, bea, 'POST', '/api/usertests', { abbreviation: 'BNW', name: 'Beta nuovo', url: '/activities/b/' })).statusCode,
  ).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/staff/audit', () => {
  it("gives staff their company's entries, the newest first, with who acted; never another company's", async () => {
    const { entries: alfa, total } = await entries(sergio);
    expect(total).toBe(alfa.length);
    expect(alfa.every((e) => e.companyId === STAFF_ALFA)).toBe(true);
    expect(alfa[0]).toMatchObject({ event: 'staff-updated', target: `usertests/${T_TIMED}/texts`, actor: { name: 'Ada Amministra' } });
    expect(alfa.some((e) => e.event === 'sign-in')).toBe(true);
    expect(alfa.some((e) => e.target?.startsWith('usertests/') && e.event === 'staff-created')).toBe(false);
    const beta = await entries(bea);
    expect(beta.entries.map((e) => e.event)).toContain('staff-created');
    expect(beta.entries.every((e) => e.companyId === STAFF_BETA)).toBe(true);
  });

  it('shows a role change with whom it was about and the new role', async () => {
    const carlaId = await userId(t.app, CARLA);
    expect((await call(t.app, ada, 'PUT', `/api/people/${carlaId}`, { role: 'Assessor' })).statusCode).toBe(200);
    const [change] = (await entries(ada, `?target=people/${carlaId}`)).entries as (Listed & { subject: unknown; detail: string })[];
    expect(change).toMatchObject({ event: 'staff-updated', subject: { id: carlaId, name: 'Carla Bianchi' }, detail: 'role: Assessor' });
    expect((await call(t.app, ada, 'PUT', `/api/people/${carlaId}`, { role: 'user' })).statusCode).toBe(200);
  });

  it('filters by event, actor, target and time, and pages', async () => {
    expect((await entries(ada, '?event=staff-updated&target=usertests/')).entries.map((e) => e.target)).toEqual([
      `usertests/${T_TIMED}/texts`,
    ]);
    expect((await entries(ada, '?event=staff-updated')).entries.every((e) => e.event === 'staff-updated')).toBe(true);
    const adaId = await userId(t.app, ADA);
    const byAda = await entries(sergio, `?actorId=${adaId}`);
    expect(byAda.total).toBeGreaterThan(0);
    expect(byAda.entries.every((e) => e.actor?.id === adaId)).toBe(true);
    expect((await entries(ada, '?target=usertests/')).total).toBe(1);
    expect((await entries(ada, `?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).total).toBe(0);
    expect((await entries(ada, '?to=2020-01-01T00:00:00%2B01:00')).total).toBe(0);
    const all = await entries(ada);
    const first = await entries(ada, '?pageSize=2&page=1');
    const second = await entries(ada, '?pageSize=2&page=2');
    expect(first.total).toBe(all.total);
    expect([...first.entries, ...second.entries]).toEqual(all.entries.slice(0, 4));
  });

  it("gives the operator every company's entries when asked, and refuses that to other staff and the trail to candidates", async () => {
    const every = await entries(olga, '?scope=all');
    expect(new Set(every.entries.map((e) => e.companyId))).toEqual(new Set([STAFF_ALFA, STAFF_BETA]));
    expect((await entries(olga)).entries.every((e) => e.companyId === STAFF_ALFA)).toBe(true);
    expect((await call(t.app, ada, 'GET', '/api/staff/audit?scope=all')).statusCode).toBe(403);
    expect((await call(t.app, carla, 'GET', '/api/staff/audit')).statusCode).toBe(403);
    expect((await call(t.app, null, 'GET', '/api/staff/audit')).statusCode).toBe(401);
    expect((await call(t.app, ada, 'GET', '/api/staff/audit?from=yesterday')).statusCode).toBe(400);
    expect((await call(t.app, ada, 'GET', '/api/staff/audit?event=DROP%20TABLE')).statusCode).toBe(400);
  });
});

describe('GET /api/staff/audit.csv', () => {
  it('downloads the filtered trail as CSV, and the download is in the trail', async () => {
    const res = await call(t.app, ada, 'GET', '/api/staff/audit.csv?event=staff-updated&target=usertests/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/audit-trail\.csv/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('at,event,company,actor id,actor,target,person id,person,email,detail,ip');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`staff-updated,${STAFF_ALFA},`);
    expect(lines[1]).toContain('Ada Amministra');
    expect((await entries(ada, '?event=staff-file-downloaded')).entries[0]).toMatchObject({ target: 'audit.csv' });
    expect((await call(t.app, bea, 'GET', '/api/staff/audit.csv?scope=all')).statusCode).toBe(403);
    expect((await call(t.app, carla, 'GET', '/api/staff/audit.csv')).statusCode).toBe(403);
  });
});
