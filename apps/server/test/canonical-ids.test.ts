import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idSchema } from '@prova/contract/common';
import { buildTestApp, type TestApp } from './build-test-app';
import { ADA, C_ALFA, call, CARLA, type Caller, signInStaff, staffBundle, T_SCORED, userId } from './staff-fixtures';

// An id in a path or a query has one spelling: decimal digits, no sign, no leading zero, no spaces. A number parser
// takes " 1", "0x10", "1e0", "01" and "+1" too, and a cache, a log or a limit keyed on the text would count one thing
// twice; such a path is refused with 400 before anything reads it.

const LOOSE = [' 1', '1 ', '0x10', '1e0', '01', '+1', '1.0', '0', '-1', '2147483648'];

let t: TestApp;
let ada: Caller;
let carla: Caller;
let carlaId: number;
beforeAll(async () => {
  t = await buildTestApp(staffBundle);
  [ada, carla] = await Promise.all([ADA, CARLA].map((e) => signInStaff(t.app, e)));
  carlaId = await userId(t.app, CARLA);
  expect((await call(t.app, carla, 'POST', `/api/usercampaign/${C_ALFA}`, { lang: 'IT_it' })).statusCode).toBe(200);
});
afterAll(() => t.close());

/** The path with `id` in place of the one in braces, as a browser would send it. */
const path = (template: string, id: string) => template.replace('{id}', encodeURIComponent(id));

describe('ids in paths and queries', () => {
  it('the shared schema takes decimal digits only, within 32 bits', () => {
    expect(idSchema.parse('1')).toBe(1);
    expect(idSchema.parse('2147483647')).toBe(2_147_483_647);
    for (const loose of LOOSE) expect(idSchema.safeParse(loose).success, JSON.stringify(loose)).toBe(false);
  });

  const routes = (): { who: () => Caller; template: string; right: string }[] => [
    // A candidate's own test, a campaign's selection, the staff console's progress, its paging, a person.
    { who: () => carla, template: `/api/tests/${T_SCORED}/sync/${C_ALFA}/{id}`, right: String(carlaId) },
    { who: () => carla, template: `/api/tests/{id}/sync/${C_ALFA}/${carlaId}`, right: String(T_SCORED) },
    { who: () => ada, template: '/api/staff/campaigns/{id}/progress', right: String(C_ALFA) },
    { who: () => ada, template: `/api/staff/campaigns/${C_ALFA}/progress?page={id}`, right: '1' },
    { who: () => ada, template: '/api/people/{id}', right: String(carlaId) },
  ];

  it.each(LOOSE)('refuses %j with 400 where an id or a page goes, and takes the plain digits', async (loose) => {
    for (const route of routes()) {
      const refused = await call(t.app, route.who(), 'GET', path(route.template, loose));
      expect(refused.statusCode, `${route.template} with ${JSON.stringify(loose)}`).toBe(400);
      expect(refused.json()).toMatchObject({ status: false, code: 'VALIDATION' });
      const taken = await call(t.app, route.who(), 'GET', path(route.template, route.right));
      expect(taken.statusCode, `${route.template} with ${route.right}`).toBe(200);
    }
  });
});
