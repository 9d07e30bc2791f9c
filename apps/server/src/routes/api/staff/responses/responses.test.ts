// A candidate's responses in a QTI package test, item by item with the key, as the staff of the campaign's
// company read them: before the candidate saves anything, while unscored, and once the server has scored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import { fixtureZip, importWithPackages } from '../../../../../test/import-with-packages';
import { PASSWORD, type Caller, signIn } from '../../tests/test-delivery-fixtures';

const C = 7101;
const C_OTHER = 7102;
const QTI = 711;
const PLAIN = 712;
const ADMIN = 'admin@risposte.example';
const ANNA = 'anna@risposte.example';
const LUCA = 'luca@risposte.example';
const ASSESSOR = 'assessor@risposte.example';
const OTHER_ADMIN = 'admin@altra.example';

const bundle = {
  version: 2,
  companies: [{ name: 'Risposte' }, { name: 'Altra' }],
  users: [
    { company: 'Risposte', email: ADMIN, password: PASSWORD, firstName: 'Ada', lastName: 'Admin', role: 'admin', privacy: true },
    { company: 'Risposte', email: ANNA, password: PASSWORD, firstName: 'Anna', lastName: 'Test', privacy: true },
    { company: 'Risposte', email: LUCA, password: PASSWORD, firstName: 'Luca', lastName: 'Test', privacy: true },
    { company: 'Risposte', email: ASSESSOR, password: PASSWORD, firstName: 'Elio', lastName: 'Val', role: 'Assessor', privacy: true },
    { company: 'Altra', email: OTHER_ADMIN, password: PASSWORD, firstName: 'Bea', lastName: 'Altra', role: 'admin', privacy: true },
  ],
  tests: [
    { id: QTI, abbreviation: 'QTR', name: 'Banca QTI', package: { type: 'qti', file: 'items/bank.zip' }, owner: 'Risposte' },
    { id: PLAIN, abbreviation: 'PLN', name: 'Web app', url: '/activities/plain/', jsonData: {}, owner: 'Risposte' },
  ],
  campaigns: [
    {
      id: C,
      company: 'Risposte',
      name: 'Campagna',
      dateStart: '2026-01-01T08:00:00+01:00',
      dateEnd: '2030-12-31T20:00:00+01:00',
      status: 'ACTIVE',
      tests: [{ test: QTI }, { test: PLAIN }],
      participants: [{ user: ANNA }, { user: LUCA }, { user: ASSESSOR }],
      norms: [7111],
    },
    {
      id: C_OTHER,
      company: 'Risposte',
      name: 'Senza QTI',
      dateStart: '2026-01-01T08:00:00+01:00',
      dateEnd: '2030-12-31T20:00:00+01:00',
      status: 'ACTIVE',
      tests: [{ test: PLAIN }],
      participants: [{ user: ANNA }],
    },
  ],
  norms: [{ id: 7111, name: { IT_it: 'Diplomati', EN_en: 'School leavers' }, test: QTI, outcome: 'SCORE', mean: 2.5, sd: 1, n: 120 }],
};

const lines: string[] = [];
let t: TestApp;
let admin: Caller;
let anna: Caller;
let luca: Caller;
let assessor: Caller;
let other: Caller;
beforeAll(async () => {
  t = await buildTestApp(undefined, { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
  await importWithPackages(t.database, bundle, { 'items/bank.zip': await fixtureZip('qti-all-interactions') });
  [admin, anna, luca, assessor, other] = await Promise.all([
    signIn(t.app, ADMIN),
    signIn(t.app, ANNA, C),
    signIn(t.app, LUCA, C),
    signIn(t.app, ASSESSOR),
    signIn(t.app, OTHER_ADMIN),
  ]);
});
afterAll(() => t.close());

const url = (userId: number, testId = QTI, campaignId = C) =>
  `/api/staff/campaigns/${campaignId}/participants/${userId}/tests/${testId}/responses`;
const get = (who: Caller, path: string) => t.app.inject({ url: path, headers: { cookie: who.cookie } });
const post = (who: Caller, path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: path, headers: { cookie: who.cookie }, payload });

type Item = {
  identifier: string;
  title: string;
  section: string;
  score: unknown;
  flagged: boolean;
  responses: Array<Record<string, unknown>>;
};
const itemOf = (body: { items: Item[] }, id: string) => body.items.find((i) => i.identifier === id)!;

describe('GET /api/staff/campaigns/:campaignId/participants/:userId/tests/:testId/responses', () => {
  it("marks the campaign's QTI package test, whose responses staff may read, in the campaign and its progress", async () => {
    for (const path of [`/api/staff/campaigns/${C}`, `/api/staff/campaigns/${C}/progress`]) {
      const tests = (await get(admin, path)).json().tests as Array<{ id: number; packageKind?: string }>;
      expect(tests.find((x) => x.id === QTI)?.packageKind).toBe('qti');
      expect(tests.find((x) => x.id === PLAIN)).not.toHaveProperty('packageKind');
    }
  });

  it('lists every item in delivery order with the key, every response empty, for a participant who saved nothing', async () => {
    const res = await get(admin, url(luca.id));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      test: { id: QTI, title: 'Every interaction the player delivers' },
      status: 'not attempted',
      scored: false,
      outcomes: [],
    });
    expect(body.items.map((i: Item) => i.identifier)).toEqual([
      'choice-single',
      'choice-multiple',
      'text-entry',
      'extended-text',
      'inline-choice',
      'order',
      'match',
      'associate',
      'gap-match',
      'hottext',
      'slider',
      'hotspot',
    ]);
    expect(itemOf(body, 'choice-single')).toEqual({
      identifier: 'choice-single',
      title: 'Rivers',
      section: 'Words and choices',
      score: null,
      flagged: false,
      responses: [{ identifier: 'RESPONSE', cardinality: 'single', baseType: 'identifier', response: null, correct: 'C', mapping: [] }],
    });
    expect(itemOf(body, 'text-entry').responses[0]).toMatchObject({
      correct: 'Amsterdam',
      mapping: [
        { key: 'Amsterdam', points: 1 },
        { key: 'Adam', points: 0.5 },
      ],
    });
    expect(itemOf(body, 'order').responses[0]).toMatchObject({ cardinality: 'ordered', correct: ['MERCURY', 'VENUS', 'EARTH', 'MARS'] });
    for (const item of body.items as Item[]) for (const r of item.responses) expect(r.response).toBeNull();
  });

  it("shows the candidate's saved responses unscored while the test is open, then the server's scores", async () => {
    const base = `${C}/${anna.id}`;
    expect((await post(anna, `/api/tests/${QTI}/start/${base}`, {})).statusCode).toBe(200);
    const progress = {
      qti: 1,
      position: 'text-entry',
      responses: { 'choice-single': { RESPONSE: 'C' }, 'text-entry': { RESPONSE: 'adam' }, 'choice-multiple': { RESPONSE: ['P2'] } },
      flagged: ['text-entry'],
    };
    expect((await post(anna, `/api/tests/${QTI}/data/${base}`, { version: 1, data: progress })).statusCode).toBe(200);

    const open = (await get(admin, url(anna.id))).json();
    expect(open).toMatchObject({ status: 'incomplete', scored: false, outcomes: [], norms: [] });
    expect(itemOf(open, 'choice-multiple')).toMatchObject({
      score: null,
      responses: [{ response: ['P2'], correct: ['P2', 'P7'] }],
    });
    expect(itemOf(open, 'text-entry')).toMatchObject({ flagged: true, responses: [{ response: 'adam', correct: 'Amsterdam' }] });

    expect((await post(anna, `/api/tests/${QTI}/sync/${base}`, { version: 2, status: 'complete', data: progress })).statusCode).toBe(200);
    await t.app.scoring.idle();
    const scored = (await get(admin, url(anna.id))).json();
    expect(scored).toMatchObject({ status: 'complete', scored: true });
    expect(itemOf(scored, 'choice-single')).toMatchObject({ score: 1, responses: [{ response: 'C', correct: 'C' }] });
    expect(itemOf(scored, 'text-entry').score).toBe(0.5);
    expect(itemOf(scored, 'order').score).toBe(0);
    // The test's own outcomes only, SCORE first; the items' are on the items.
    expect(scored.outcomes[0]).toEqual({ questionId: 'SCORE', value: 3.5 });
    expect(scored.outcomes.map((o: { questionId: string }) => o.questionId)).not.toContain('choice-single');
    // SCORE 3.5 against the campaign's norm (mean 2.5, sd 1): z = 1, percentile 84, sten 8, in the staff's language.
    expect(scored.norms).toEqual([
      {
        normId: 7111,
        testId: QTI,
        testName: 'Every interaction the player delivers',
        outcome: 'SCORE',
        name: 'Diplomati',
        n: 120,
        percentile: 84,
        sten: 8,
        band: null,
      },
    ]);
  });

  it('answers 404 for a test that is not a QTI package or not in the campaign, and for someone not taking part', async () => {
    expect((await get(admin, url(anna.id, PLAIN))).statusCode).toBe(404);
    expect((await get(admin, url(anna.id, QTI, C_OTHER))).statusCode).toBe(404);
    expect((await get(admin, url(other.id))).statusCode).toBe(404);
    expect((await get(admin, url(anna.id, 999_999))).statusCode).toBe(404);
  });

  it("refuses candidates and assessors (403), another company's staff (404, audited), nobody signed in (401)", async () => {
    for (const who of [anna, assessor]) expect((await get(who, url(anna.id))).statusCode).toBe(403);
    const from = lines.length;
    const elsewhere = await get(other, url(anna.id));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain('Amsterdam');
    await new Promise((resolve) => setImmediate(resolve));
    const audits = lines
      .slice(from)
      .map((line) => (JSON.parse(line) as { audit?: { event: string; target: string } }).audit)
      .filter((a) => a?.event === 'other-company-refused');
    expect(audits).toEqual([expect.objectContaining({ target: `campaigns/${C}`, userId: other.id })]);
    expect((await t.app.inject({ url: url(anna.id) })).statusCode).toBe(401);
  });
});
