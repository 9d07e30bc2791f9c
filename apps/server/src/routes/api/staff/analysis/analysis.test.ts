// A test's item analysis for the staff of its company, over a campaign whose completed attempts are scored by the
// server, worked out by hand; and a 360 campaign's rater agreement.
import { zipOf } from '@prova/test-support/content-files';
import { ANALYSIS_MIN_N } from '@prova/contract/item-analysis';
import { TEST_360_ID } from '@prova/contract/limits';
import { writeAuthoredTest } from '@prova/qti/author';
import { authoredTestSchema } from '@prova/contract/authored-test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import { importWithPackages } from '../../../../../test/import-with-packages';
import { PASSWORD, type Caller, signIn } from '../../tests/test-delivery-fixtures';

const C = 7201;
const C_FEW = 7202;
const C_360 = 7203;
const C_ALTRA = 7204;
const QTI = 721;
const ADMIN = 'admin@analisi.example';
const OTHER_ADMIN = 'admin@altra-analisi.example';
const candidate = (k: number) => `c${String(k).padStart(2, '0')}@analisi.example`;
const CANDIDATES = Array.from({ length: 21 }, (_, k) => candidate(k + 1));
const RATERS = ['r1', 'r2', 'r3', 'r4', 'r5'].map((r) => `${r}@analisi.example`);
const EVALUEE = 'valutata@analisi.example';

// Three single-choice items, A worth 1 point, B and C none.
const option = (id: string, points: number) => ({ id, text: { IT_it: id }, points });
const authored = authoredTestSchema.parse({
  title: { IT_it: 'Analisi' },
  languages: ['IT_it'],
  sections: [
    {
      title: { IT_it: 'Unica' },
      items: ['i1', 'i2', 'i3'].map((id) => ({
        kind: 'single-choice',
        id,
        prompt: { IT_it: `Domanda ${id}` },
        shuffle: false,
        options: [option('A', 1), option('B', 0), option('C', 0)],
      })),
    },
  ],
});

const person = (email: string, company = 'Analisi') => ({
  company,
  email,
  password: PASSWORD,
  firstName: `Nome${email.split('@')[0]}`,
  lastName: 'Cognomeanalisi',
  privacy: true,
});
const window = { dateStart: '2026-01-01T08:00:00+01:00', dateEnd: '2030-12-31T20:00:00+01:00', status: 'ACTIVE' };
const bundle = {
  version: 2,
  companies: [{ name: 'Analisi' }, { name: 'Altra' }],
  users: [
    { ...person(ADMIN), role: 'admin' },
    { ...person(OTHER_ADMIN, 'Altra'), role: 'admin' },
    ...CANDIDATES.map((e) => person(e)),
    ...RATERS.map((e) => person(e)),
    person(EVALUEE),
  ],
  tests: [
    { id: QTI, abbreviation: 'ANL', name: 'Analisi', package: { type: 'qti', file: 'items/analysis.zip' }, owner: 'Analisi' },
    { id: TEST_360_ID, abbreviation: 'FBA', name: 'Feedback 360', url: '/skillup-360', jsonData: {} },
  ],
  campaigns: [
    { id: C, company: 'Analisi', name: 'Venti', ...window, tests: [{ test: QTI }], participants: CANDIDATES.map((user) => ({ user })) },
    { id: C_FEW, company: 'Analisi', name: 'Poche', ...window, tests: [{ test: QTI }], participants: [{ user: CANDIDATES[0] }] },
    { id: C_ALTRA, company: 'Altra', name: 'Altra', ...window, tests: [], participants: [{ user: OTHER_ADMIN }] },
    {
      id: C_360,
      company: 'Analisi',
      name: 'Feedback',
      ...window,
      is360: true,
      range360Num: 5,
      report: { confidentialityThreshold: 3 },
      tests: [{ test: TEST_360_ID }],
      participants: [EVALUEE, ...RATERS].map((user) => ({ user })),
      relations360: [
        ...RATERS.slice(0, 4).map((evaluator) => ({ evaluator, evaluee: EVALUEE, relationId: 2, label: 'Collega' })),
        { evaluator: RATERS[4], evaluee: EVALUEE, relationId: 1, label: 'Responsabile' },
        { evaluator: EVALUEE, evaluee: EVALUEE, relationId: 3, label: 'Autovalutazione' },
      ],
      questions360: {
        closed: [
          { id: 1, text: 'Ascolta' },
          { id: 2, text: 'Decide' },
        ],
      },
    },
  ],
};

// Five response patterns (items i1, i2, i3; A is right), each taken by four candidates: 20 attempts. Totals 3, 2, 2, 1, 0.
const PATTERNS: Array<[string, string, string | null]> = [
  ['A', 'A', 'A'],
  ['A', 'A', 'B'],
  ['A', 'B', 'A'],
  ['A', 'B', 'C'],
  ['B', 'B', null],
];

let t: TestApp;
let admin: Caller;
let other: Caller;
const ids = new Map<string, number>();
const logLines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp(undefined, { logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } });
  await importWithPackages(t.database, bundle, { 'items/analysis.zip': await zipOf(writeAuthoredTest(authored)) });
  for (const row of await t.app.database.db.selectFrom('users').select(['id', 'email']).execute()) ids.set(row.email, row.id);
  const attempt = (campaignId: number, email: string, responses: Array<string | null>, status = 'complete') => ({
    campaign_id: campaignId,
    test_id: QTI,
    user_id: ids.get(email)!,
    version: 2,
    status,
    data: JSON.stringify({
      qti: 1,
      position: null,
      flagged: [],
      responses: Object.fromEntries(responses.map((r, i) => [`i${i + 1}`, { RESPONSE: r }])),
    }),
    updated_at: '2026-03-01T10:00:00.000Z',
    started_at: '2026-03-01T09:00:00.000Z',
    ends_at: null,
    scoring_due: status === 'complete' ? 1 : 0,
  });
  await t.app.database.db
    .insertInto('test_progress')
    .values([
      ...CANDIDATES.slice(0, 20).map((email, k) => attempt(C, email, PATTERNS[k % 5])),
      // Not complete: left out.
      attempt(C, CANDIDATES[20], ['B', 'B', 'B'], 'incomplete'),
      attempt(C_FEW, CANDIDATES[0], ['A', 'A', 'A']),
    ])
    .execute();
  await t.app.scoring.sweep();
  await t.app.scoring.idle();

  // 360: the four peers rate question 1 4, 4, 5, 3 and question 2 1, 5, 1, 5; the manager alone (under the threshold).
  const answer = (evaluator: string, question: number, value: number) => ({
    campaign_id: C_360,
    evaluee_id: ids.get(EVALUEE)!,
    evaluator_id: ids.get(evaluator)!,
    question_id: question,
    answer_id: 0,
    value,
    text_value: null,
    updated_at: '2026-03-01T10:00:00.000Z',
  });
  await t.app.database.db
    .insertInto('answers360')
    .values([
      ...[4, 4, 5, 3].map((v, k) => answer(RATERS[k], 1, v)),
      ...[1, 5, 1, 5].map((v, k) => answer(RATERS[k], 2, v)),
      answer(RATERS[4], 1, 1),
      answer(EVALUEE, 1, 5),
    ])
    .execute();
  [admin, other] = await Promise.all([signIn(t.app, ADMIN), signIn(t.app, OTHER_ADMIN)]);
});
afterAll(() => t.close());

const get = (who: Caller, url: string) => t.app.inject({ url, headers: { cookie: who.cookie } });
const analysisUrl = (query = '') => `/api/staff/tests/${QTI}/analysis${query}`;

describe('GET /api/staff/tests/:testId/analysis', () => {
  it("analyses the company's completed attempts, with figures worked out by hand", async () => {
    const res = await get(admin, analysisUrl(`?campaigns=${C}`));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // 20 complete attempts (the incomplete one is left out); KR-20 since every item scores 0 or 1.
    expect(body).toMatchObject({ sufficient: true, n: 20, minN: ANALYSIS_MIN_N, campaignIds: [C], test: { id: QTI, title: 'Analisi' } });
    // The patterns repeated four times give the figures of the five patterns (population variances).
    // p: i1 4/5, i2 2/5, i3 2/5. Totals 3,2,2,1,0: mean 1.6, σ² = 18/5 - 2.56 = 1.04.
    // Σpq = 0.16 + 0.24 + 0.24 = 0.64; KR-20 = 3/2 · (1 - 0.64/1.04) = 15/26; SEM = sqrt(1.04 · (1 - 15/26)).
    expect(body.reliability.coefficient).toBe('KR-20');
    expect(body.reliability.value).toBeCloseTo(15 / 26, 10);
    expect(body.reliability.sem).toBeCloseTo(Math.sqrt(1.04 * (11 / 26)), 10);
    expect(body.items.map((i: { p: number }) => i.p)).toEqual([0.8, 0.4, 0.4]);
    // i1: x = 1,1,1,1,0, rest = 2,1,1,0,0: cov = 4/5 - 0.64 = 0.16; σ²x = 0.16; σ²rest = 6/5 - 0.64 = 0.56; r = sqrt(2/7).
    expect(body.items[0].r).toBeCloseTo(Math.sqrt(2 / 7), 10);
    // i3's options: A by patterns 1 and 3 (totals 3, 2), B by 2 (total 2), C by 4 (total 1), none by 5 (total 0).
    expect(body.items[2].distractors).toEqual({
      options: [
        { option: 'A', key: true, count: 8, share: 0.4, meanTotal: 2.5 },
        { option: 'B', key: false, count: 4, share: 0.2, meanTotal: 2 },
        { option: 'C', key: false, count: 4, share: 0.2, meanTotal: 1 },
      ],
      none: { count: 4, share: 0.2, meanTotal: 0 },
    });
    expect(body.distribution.map((b: { count: number }) => b.count)).toEqual([4, 4, 8, 4]);
    // Nobody named: no name, e-mail or person id anywhere in the answer.
    expect(res.body).not.toMatch(/Nome|Cognomeanalisi|@analisi/);
    for (const email of CANDIDATES) expect(res.body).not.toContain(`"${ids.get(email)}"`);
  });

  it('pools every campaign of the company that uses the test when none is named', async () => {
    const body = (await get(admin, analysisUrl())).json();
    expect(body).toMatchObject({ n: 21, campaignIds: [C, C_FEW] });
  });

  it('shows nothing under the minimum number of attempts, and says why', async () => {
    const res = await get(admin, analysisUrl(`?campaigns=${C_FEW}`));
    expect(res.json()).toEqual({
      test: { id: QTI, title: 'Analisi' },
      campaignIds: [C_FEW],
      n: 1,
      minN: ANALYSIS_MIN_N,
      sufficient: false,
      reason: 'TOO_FEW_ATTEMPTS',
    });
    expect((await get(admin, `/api/staff/tests/${QTI}/analysis.csv?campaigns=${C_FEW}`)).statusCode).toBe(409);
  });

  it("keeps each company to its own: another company's test or campaign is not found", async () => {
    expect((await get(other, analysisUrl())).statusCode).toBe(404);
    expect((await get(admin, analysisUrl(`?campaigns=${C_ALTRA}`))).statusCode).toBe(404);
    expect((await get(admin, analysisUrl('?campaigns=1,x'))).statusCode).toBe(400);
    expect((await t.app.inject({ url: analysisUrl() })).statusCode).toBe(401);
  });

  it('exports one CSV row per item, and audits the download', async () => {
    const from = logLines.length;
    const res = await get(admin, `/api/staff/tests/${QTI}/analysis.csv?campaigns=${C}`);
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    const audits = logLines.slice(from).flatMap((line) => (JSON.parse(line) as { audit?: { event: string; target: string } }).audit ?? []);
    expect(audits).toEqual([expect.objectContaining({ event: 'staff-file-downloaded', target: `tests/${QTI}/analysis.csv` })]);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('item,title,max score,mean,sd,p,r,KR-20 if deleted,flags,options,no response');
    expect(lines[1].startsWith('i1,Domanda i1,1,0.8,0.4,0.8,0.5345,')).toBe(true);
    expect(lines[3]).toContain('A* 0.4 (mean total 2.5); B 0.2 (mean total 2); C 0.2 (mean total 1),0.2');
  });
});

describe('GET /api/staff/campaigns/:campaignId/agreement', () => {
  it("gives each relation group's rwg and SD where it reaches the threshold, never the smaller groups or the self", async () => {
    const res = await get(admin, `/api/staff/campaigns/${C_360}/agreement`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ campaignId: C_360, threshold: 3, scalePoints: 5 });
    // Q1 peers 4,4,5,3: s² = 2/3, σ²_EU = (25 - 1)/12 = 2, rwg = 1 - 1/3. Q2 peers 1,5,1,5: s² = 16/3 > 2, rwg 0.
    const [q1, q2] = body.questions;
    expect(q1.relations).toHaveLength(1);
    expect(q1.relations[0]).toMatchObject({ relationId: 2, label: 'Collega', groups: 1, ratings: 4 });
    expect(q1.relations[0].rwg).toBeCloseTo(2 / 3, 10);
    expect(q1.relations[0].sd).toBeCloseTo(Math.sqrt(2 / 3), 10);
    expect(q2.relations[0]).toMatchObject({ rwg: 0 });
    expect(q2.relations[0].sd).toBeCloseTo(Math.sqrt(16 / 3), 10);
    expect(res.body).not.toMatch(/Nome|@analisi/);
  });

  it("answers no questions for a campaign without a 360, and 404 for another company's", async () => {
    expect((await get(admin, `/api/staff/campaigns/${C}/agreement`)).json().questions).toEqual([]);
    expect((await get(other, `/api/staff/campaigns/${C_360}/agreement`)).statusCode).toBe(404);
  });
});
