import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { importBundle } from '../../../import/import-bundle';
import { ANNA, C_360, C_MAIN, deliveryBundle, ELENA, MARCO, signIn } from '../tests/test-delivery-fixtures';

const C_DONE = 5009;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(deliveryBundle);
  // A finished campaign whose reports are out.
  const done = await importBundle(t.database, {
    version: 1,
    campaigns: [
      {
        id: C_DONE,
        company: 'Alfa S.r.l.',
        name: 'Conclusa',
        status: 'REPORT',
        dateStart: '2025-01-01T00:00:00Z',
        dateEnd: '2025-06-30T00:00:00Z',
        tests: [{ test: 102 }],
        participants: [{ user: MARCO }],
      },
    ],
  });
  expect(done.ok).toBe(true);
});
afterAll(() => t.close());

const list = async (cookie: string) => {
  const res = await t.app.inject({ url: '/api/usercampaign/list', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().campaigns as Array<{ id: number; status: string; is360: boolean; progress: unknown; reportAvailable: boolean }>;
};
const item = (items: Awaited<ReturnType<typeof list>>, id: number) => items.find((c) => c.id === id);

describe('GET /api/usercampaign/list', () => {
  it("tells each campaign's status, the person's progress in their own tests, and whether their report is out", async () => {
    const marco = await signIn(t.app, MARCO, C_MAIN);
    // Six tests of their own: the assessors' interview (201) is not one of them.
    expect(item(await list(marco.cookie), C_MAIN)).toMatchObject({
      status: 'ACTIVE',
      is360: false,
      progress: { completed: 0, total: 6 },
      reportAvailable: false,
    });
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/tests/104/status/${C_MAIN}/${marco.id}`,
      headers: { cookie: marco.cookie },
      payload: { version: 2, status: 'complete' },
    });
    expect(done.statusCode).toBe(200);
    const after = await list(marco.cookie);
    expect(item(after, C_MAIN)?.progress).toEqual({ completed: 1, total: 6 });
    expect(item(after, C_DONE)).toMatchObject({ status: 'REPORT', progress: { completed: 0, total: 1 }, reportAvailable: true });
  });

  it('leaves the 360 questionnaire out of the progress, and gives an assessor no progress or report of their own', async () => {
    const anna = await signIn(t.app, ANNA);
    expect(item(await list(anna.cookie), C_360)).toMatchObject({ is360: true, progress: { completed: 0, total: 1 } });
    const elena = await signIn(t.app, ELENA);
    expect(item(await list(elena.cookie), C_MAIN)).toMatchObject({ progress: null, reportAvailable: false });
  });
});
