// Items an assessor rates, through the API: a QTI bank whose essay nothing in the package scores, imported from a
// bundle zip, taken by a candidate; the assessor assigned to her rates the essay, the server scores the test again
// (its outcome processing too), and the staff view, the report and the stored outcomes read the rated score.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { fixtureZip, importWithPackages } from '../../../../test/import-with-packages';
import { PASSWORD, type Caller, signIn } from '../tests/test-delivery-fixtures';

const C = 7301;
const C_OTHER = 7302;
const BANK = 731;
const PLAIN = 732;
const ANNA = 'anna@rating.example';
const CARLO = 'carlo@rating.example';
const ELENA = 'elena@rating.example';
const OLGA = 'olga@rating.example';
const SOFIA = 'sofia@rating.example';
const BEA = 'bea@altra.example';

const user = (company: string, email: string, firstName: string, role?: string) => ({
  company,
  email,
  password: PASSWORD,
  firstName,
  lastName: 'Prova',
  privacy: true,
  ...(role ? { role } : {}),
});

const bundle = (status: string) => ({
  version: 2,
  companies: [{ name: 'Valutazioni' }, { name: 'Altra' }],
  users: [
    user('Valutazioni', ANNA, 'Anna'),
    user('Valutazioni', CARLO, 'Carlo'),
    user('Valutazioni', ELENA, 'Elena', 'Assessor'),
    user('Valutazioni', OLGA, 'Olga', 'Assessor'),
    user('Valutazioni', SOFIA, 'Sofia', 'admin'),
    user('Altra', BEA, 'Bea', 'Assessor'),
  ],
  tests: [
    { id: BANK, abbreviation: 'ESS', name: 'Banca con tema', package: { type: 'qti', file: 'items/essay.zip' } },
    { id: PLAIN, abbreviation: 'PLN', name: 'Attività', url: '/activities/plain/', jsonData: {} },
  ],
  campaigns: [
    {
      id: C,
      company: 'Valutazioni',
      name: 'Campagna',
      dateStart: '2026-01-01T08:00:00+01:00',
      dateEnd: '2030-12-31T20:00:00+01:00',
      status,
      tests: [{ test: BANK }, { test: PLAIN }],
      participants: [ANNA, CARLO, ELENA, OLGA, SOFIA].map((email) => ({ user: email })),
      assessments: [
        { assessor: ELENA, assessed: [ANNA], tests: [BANK] },
        { assessor: OLGA, assessed: [CARLO], tests: [BANK, PLAIN] },
      ],
      report: { canAssessedDownload: true },
      model: {
        areas: [{ id: 1, name: 'Area', inProfile: true }],
        skills: [{ id: 10, areaId: 1, name: 'Competenza' }],
        markers: [
          { id: 100, skillId: 10, name: 'Totale' },
          { id: 101, skillId: 10, name: 'Scrittura' },
        ],
        tasks: [
          { id: 1000, markerId: 100, name: 'Totale', test: BANK, outcome: 'SCORE', min: 0, max: 5 },
          { id: 1001, markerId: 101, name: 'Scrittura', test: BANK, outcome: 'WRITING', min: 0, max: 4 },
        ],
      },
    },
    {
      id: C_OTHER,
      company: 'Altra',
      name: 'Altra campagna',
      dateStart: '2026-01-01T08:00:00+01:00',
      dateEnd: '2030-12-31T20:00:00+01:00',
      status: 'ACTIVE',
      tests: [{ test: PLAIN }],
      participants: [{ user: BEA }],
    },
  ],
});

const importWith = async (t: TestApp, status: string) =>
  importWithPackages(t.database, bundle(status), { 'items/essay.zip': await fixtureZip('qti-essay-bank') });

let t: TestApp;
const people: Record<string, Caller> = {};
beforeAll(async () => {
  t = await buildTestApp();
  await importWith(t, 'ACTIVE');
  for (const email of [ANNA, CARLO, ELENA, OLGA, SOFIA]) people[email] = await signIn(t.app, email, C);
  people[BEA] = await signIn(t.app, BEA, C_OTHER);
});
afterAll(() => t.close());

const as = (email: string) => ({ cookie: people[email]!.cookie });
const get = (email: string, url: string) => t.app.inject({ url, headers: as(email) });
const send = (email: string, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: as(email), payload: payload as object });
const sheet = (email: string, whom = ANNA) => get(email, `/api/ratings/${C}/${BANK}/${people[whom]!.id}`);
const rate = (email: string, points: unknown, item = 'essay', whom = ANNA, test = BANK) =>
  send(email, 'PUT', `/api/ratings/${C}/${test}/${people[whom]!.id}/${item}`, { points });

async function serverOutcomes(email: string) {
  const row = await t.database.db
    .selectFrom('outcomes')
    .select('outcomes')
    .where('campaign_id', '=', C)
    .where('test_id', '=', BANK)
    .where('user_id', '=', people[email]!.id)
    .where('source', '=', 'server')
    .executeTakeFirst();
  const list = row ? (JSON.parse(row.outcomes) as Array<{ questionId: string; value: unknown }>) : [];
  return Object.fromEntries(list.map((o) => [o.questionId, o.value]));
}

/** The candidate answers both items in the QTI player's shape and hands the test in. */
async function takeTest(email: string, essay: string) {
  const base = `${C}/${people[email]!.id}`;
  expect((await send(email, 'POST', `/api/tests/${BANK}/start/${base}`, {})).statusCode).toBe(200);
  const data = { qti: 1, position: 'essay', responses: { capital: { RESPONSE: 'rome' }, essay: { RESPONSE: essay } }, flagged: [] };
  expect((await send(email, 'POST', `/api/tests/${BANK}/sync/${base}`, { version: 1, status: 'complete', data })).statusCode).toBe(200);
  await t.app.scoring.idle();
}

const ESSAY = 'I closed a plant <b>myself</b>,\nand kept the people.';

describe('an essay rated by the assessor assigned to the candidate', () => {
  it("keeps the QTI test the candidate's own though the assessments name it", async () => {
    const tests = (await get(ANNA, '/api/usertests')).json().tests as Array<{ id: number }>;
    expect(tests.map((x) => x.id)).toContain(BANK);
    // Not an assessor test: the assessor's home lists no grid for it.
    const grids = (await get(ELENA, `/api/usercampaign/${C}/assessments`)).json().tests as Array<{ testId: number }>;
    expect(grids.map((g) => g.testId)).not.toContain(BANK);
  });

  it('shows nothing to rate and refuses a rating before the candidate hands the test in', async () => {
    const res = await sheet(ELENA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ complete: false, open: true, final: false, score: null });
    expect(res.json().items).toEqual([
      {
        identifier: 'essay',
        prompt: 'Describe a hard decision you took at work, and why.',
        response: null,
        maxScore: 4,
        points: null,
        ratedAt: null,
      },
    ]);
    const refused = await rate(ELENA, 2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CONFLICT');
    expect(await t.database.db.selectFrom('item_ratings').selectAll().execute()).toEqual([]);
    const list = (await get(ELENA, `/api/ratings/${C}`)).json();
    expect(list.tests).toEqual([
      {
        testId: BANK,
        name: 'Banca con tema',
        people: [expect.objectContaining({ id: people[ANNA]!.id, state: 'waiting', rated: 0, total: 1 })],
      },
    ]);
  });

  it('scores the essay 0 until rated, and says the result is not final where staff read it', async () => {
    await takeTest(ANNA, ESSAY);
    await takeTest(CARLO, 'No.');
    expect(await serverOutcomes(ANNA)).toEqual({ capital: 1, essay: 0, SCORE: 1, WRITING: 0 });
    const res = await sheet(ELENA);
    expect(res.json()).toMatchObject({ complete: true, final: false, score: 1 });
    // The candidate's text exactly as typed: the page shows it as text.
    expect(res.json().items[0]).toMatchObject({ response: ESSAY, points: null });
    const staff = await get(SOFIA, `/api/staff/campaigns/${C}/participants/${people[ANNA]!.id}/tests/${BANK}/responses`);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().final).toBe(false);
    expect(staff.json().items.find((i: { identifier: string }) => i.identifier === 'essay').rating).toEqual({
      maxScore: 4,
      points: null,
      ratedAt: null,
    });
    expect(staff.json().items.find((i: { identifier: string }) => i.identifier === 'capital').rating).toBeUndefined();
  });

  it('refuses everyone but the assigned assessor: another assessor, the candidate, staff, another company', async () => {
    for (const [email, codes] of [
      [OLGA, [403]],
      [ANNA, [403]],
      [CARLO, [403]],
      [SOFIA, [403]],
      [BEA, [404]],
    ] as const) {
      expect((await sheet(email)).statusCode, `${email} reads`).toBeOneOf([...codes]);
      expect((await rate(email, 1)).statusCode, `${email} rates`).toBeOneOf([...codes]);
    }
    expect((await get(ANNA, `/api/ratings/${C}`)).statusCode).toBe(403);
    expect((await get(BEA, `/api/ratings/${C}`)).statusCode).toBe(404);
    // Olga rates Carlo in the bank, not Anna; and her list has only Carlo.
    const olga = (await get(OLGA, `/api/ratings/${C}`)).json();
    expect(olga.tests[0].people.map((p: { id: number }) => p.id)).toEqual([people[CARLO]!.id]);
    expect(await t.database.db.selectFrom('item_ratings').selectAll().execute()).toEqual([]);
    expect(await serverOutcomes(ANNA)).toMatchObject({ SCORE: 1 });
  });

  it('refuses points outside 0 to the maximum, an item it does not rate, a test without items to rate', async () => {
    for (const points of [4.5, -1, '3', null, 1e9]) expect((await rate(ELENA, points)).statusCode, JSON.stringify(points)).toBe(422);
    const over = await rate(ELENA, 5);
    expect(over.json()).toMatchObject({ code: 'VALIDATION', errors: [{ path: 'points', message: 'Expected points from 0 to 4' }] });
    expect((await rate(ELENA, 1, 'capital')).statusCode).toBe(404);
    expect((await rate(ELENA, 1, 'nothing')).statusCode).toBe(404);
    expect((await rate(OLGA, 1, 'essay', CARLO, PLAIN)).statusCode).toBe(404);
    expect(await t.database.db.selectFrom('item_ratings').selectAll().execute()).toEqual([]);
  });

  it('keeps the rating with who and when, and scores the test again: the test SCORE and its category move by the points', async () => {
    const before = Date.now();
    const res = await rate(ELENA, 3);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ final: true, score: 4, item: { identifier: 'essay', points: 3 } });
    expect(await serverOutcomes(ANNA)).toEqual({ capital: 1, essay: 3, SCORE: 4, WRITING: 3 });
    const [row] = await t.database.db.selectFrom('item_ratings').selectAll().execute();
    expect(row).toMatchObject({ test_id: BANK, user_id: people[ANNA]!.id, item_id: 'essay', points: 3, assessor_id: people[ELENA]!.id });
    expect(Date.parse(row!.rated_at)).toBeGreaterThanOrEqual(before - 1000);

    // Rated again while the campaign is open: the latest counts.
    expect((await rate(ELENA, 2.5)).json()).toMatchObject({ score: 3.5 });
    expect(await serverOutcomes(ANNA)).toEqual({ capital: 1, essay: 2.5, SCORE: 3.5, WRITING: 2.5 });
    expect(await t.database.db.selectFrom('item_ratings').selectAll().execute()).toHaveLength(1);
    // Carlo, unrated, keeps his.
    expect(await serverOutcomes(CARLO)).toEqual({ capital: 1, essay: 0, SCORE: 1, WRITING: 0 });

    const staff = (await get(SOFIA, `/api/staff/campaigns/${C}/participants/${people[ANNA]!.id}/tests/${BANK}/responses`)).json();
    expect(staff.final).toBe(true);
    expect(staff.items.find((i: { identifier: string }) => i.identifier === 'essay')).toMatchObject({
      score: 2.5,
      rating: { maxScore: 4, points: 2.5 },
    });
    expect((await get(ELENA, `/api/ratings/${C}`)).json().tests[0].people[0]).toMatchObject({ state: 'rated', rated: 1, total: 1 });
  });

  it("feeds the report's markers with the rated score, and takes no rating once the campaign is finished", async () => {
    await importWith(t, 'REPORT');
    const marker = async (whom: string, id: number) => {
      const res = await get(SOFIA, `/api/report/${C}/individual/personal/${people[whom]!.id}`);
      expect(res.statusCode).toBe(200);
      return res.json().result.rep.markers.find((m: { id: number }) => m.id === id)?.value as number;
    };
    // Anna: SCORE 3.5 of 0..5 and WRITING 2.5 of 0..4; Carlo, whose essay nobody rated: 1 and 0.
    expect(await marker(ANNA, 100)).toBe(3.5);
    expect(await marker(ANNA, 101)).toBeCloseTo(3.125);
    expect(await marker(CARLO, 100)).toBe(1);

    const refused = await rate(ELENA, 4);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CAMPAIGN_CLOSED');
    expect(await serverOutcomes(ANNA)).toMatchObject({ SCORE: 3.5 });
    expect((await sheet(ELENA)).json()).toMatchObject({ open: false, final: true, score: 3.5 });
  });

  it("starts a new attempt without the old attempt's ratings when staff reset the test", async () => {
    await importWith(t, 'ACTIVE');
    const reset = await send(SOFIA, 'POST', `/api/staff/campaigns/${C}/participants/${people[ANNA]!.id}/tests/${BANK}/reset`, {});
    expect(reset.statusCode).toBe(200);
    expect(await t.database.db.selectFrom('item_ratings').selectAll().execute()).toEqual([]);
    expect((await sheet(ELENA)).json()).toMatchObject({ complete: false, final: false, items: [{ points: null, response: null }] });
  });
});
