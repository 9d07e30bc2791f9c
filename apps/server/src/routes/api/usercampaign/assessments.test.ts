import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { ANNA, BRUNO, C_BETA, C_MAIN, type Caller, deliveryBundle, ELENA, MARCO, signIn } from '../tests/test-delivery-fixtures';

let t: TestApp;
let elena: Caller;
let anna: Caller;
beforeAll(async () => {
  t = await buildTestApp(deliveryBundle);
  [elena, anna] = await Promise.all([signIn(t.app, ELENA), signIn(t.app, ANNA)]);
});
afterAll(() => t.close());

const assessments = (who: Caller, campaignId = C_MAIN) =>
  t.app.inject({ url: `/api/usercampaign/${campaignId}/assessments`, headers: { cookie: who.cookie } });
const record = (values: object[]) =>
  t.app.inject({
    method: 'POST',
    url: `/api/tests/201/assessedOutcomes/${C_MAIN}/${anna.id}`,
    headers: { cookie: elena.cookie },
    payload: { values },
  });

describe('GET /api/usercampaign/:campaignId/assessments', () => {
  it("lists the assessor's people by test, moving from not started to in progress to rated", async () => {
    const first = await assessments(elena);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      status: true,
      tests: [
        {
          testId: 201,
          name: 'Colloquio',
          abbreviation: 'COL',
          description: '',
          criteria: 2,
          people: [{ id: anna.id, firstName: 'Anna', lastName: 'Rossi', state: 'not started', rated: 0 }],
        },
      ],
      // The campaign is open: ratings are taken.
      ratingsLocked: false,
      reopenedUntil: null,
    });
    // A note alone, then one criterion: in progress.
    await record([
      { questionId: 'note:ascolto', value: 'Riformula bene' },
      { questionId: 'ascolto', value: 4 },
    ]);
    expect((await assessments(elena)).json().tests[0].people[0]).toMatchObject({ state: 'in progress', rated: 1 });
    // Every criterion of the model rated: done.
    await record([{ questionId: 'chiarezza', value: 3 }]);
    expect((await assessments(elena)).json().tests[0].people[0]).toMatchObject({ state: 'rated', rated: 2 });
  });

  it('gives the grid every criterion of the model: the assessor test opens with them in its options', async () => {
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/tests/201/start/${C_MAIN}/${elena.id}`,
      headers: { cookie: elena.cookie },
      payload: {},
    });
    expect(JSON.parse(opened.json().testData).criteria).toEqual([
      { id: 'ascolto', label: 'Ascolta e riformula', min: 0, max: 5 },
      { id: 'chiarezza', label: 'Si esprime con chiarezza', min: 0, max: 5 },
    ]);
  });

  it('is for assessors only, in their own campaigns', async () => {
    const marco = await signIn(t.app, MARCO);
    expect((await assessments(anna)).statusCode).toBe(403);
    expect((await assessments(marco)).statusCode).toBe(403);
    expect((await assessments(elena, C_BETA)).statusCode).toBe(404);
    const bruno = await signIn(t.app, BRUNO);
    expect((await assessments(bruno)).statusCode).toBe(404);
  });
});
