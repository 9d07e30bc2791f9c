import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../../test/build-test-app';

// The 360 as a measure (issue 54): the campaign's words for its scale, the first-person wording of a
// self-evaluation, and "non osservato": an answer that completes an evaluation but no mean counts.

const PASSWORD = 'Segreta-2026';
const COMPANY = 'Misura S.r.l.';
const C_SCALE = 6101;
const C_NO_NA = 6102;
const PEERS = ['p1', 'p2', 'p3', 'p4'];
const email = (name: string) => `${name}@misura.example`;
const window = { dateStart: '2026-01-01T00:00:00+01:00', dateEnd: '2030-12-31T23:59:00+01:00' };
const questions360 = {
  closed: [
    { id: 1, text: { IT_it: 'Ascolta gli altri.', EN_en: 'Listens to others.' }, selfText: { IT_it: 'Ascolto gli altri.' } },
    { id: 2, text: 'Rispetta le scadenze.' },
  ],
  open: [{ id: 90, text: 'Che cosa dovrebbe continuare a fare?', selfText: 'Che cosa dovrei continuare a fare?' }],
};

const bundle = {
  version: 1,
  companies: [{ name: COMPANY }],
  users: ['eva', ...PEERS, 'admin'].map((name) => ({
    company: COMPANY,
    email: email(name),
    password: PASSWORD,
    firstName: name,
    privacy: true,
    ...(name === 'admin' ? { role: 'admin' } : {}),
  })),
  tests: [{ id: 360, abbreviation: 'FBK', name: 'Feedback 360', url: '/skillup-360', jsonData: {} }],
  campaigns: [
    {
      id: C_SCALE,
      company: COMPANY,
      name: 'Misura',
      ...window,
      is360: true,
      selfEvaluation: true,
      range360Num: 5,
      report: { allowEarlyDownload: true, confidentialityThreshold: 3 },
      tests: [{ test: 360 }],
      participants: ['eva', ...PEERS].map((name) => ({ user: email(name), lang: 'IT_it' })),
      relations360: [
        { evaluator: email('eva'), evaluee: email('eva'), relationId: 3, label: 'Autovalutazione' },
        ...PEERS.map((name) => ({ evaluator: email(name), evaluee: email('eva'), relationId: 2, label: 'Collega' })),
      ],
      questions360,
      scale360: { labels: { '1': { IT_it: 'Mai', EN_en: 'Never' }, '5': 'Sempre', '3': 'A volte' }, notObserved: true },
    },
    {
      id: C_NO_NA,
      company: COMPANY,
      name: 'Senza non osservato',
      ...window,
      is360: true,
      tests: [{ test: 360 }],
      participants: [{ user: email('p1'), lang: 'IT_it' }],
      relations360: [{ evaluator: email('p1'), evaluee: email('eva'), relationId: 2, label: 'Collega' }],
      questions360,
    },
  ],
};

let t: TestApp;
const cookies = new Map<string, string>();
const ids = new Map<string, number>();
const as = async (name: string) => {
  if (!cookies.has(name)) cookies.set(name, await login(t.app, email(name), PASSWORD));
  return cookies.get(name)!;
};
const get = async (who: string, url: string) => t.app.inject({ url, headers: { cookie: await as(who) } });
const post = async (who: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: await as(who) }, payload });
const dataUrl = (campaignId: number, evaluee = 'eva') => `/api/tests/360/data/${campaignId}/${ids.get(evaluee)}`;

beforeAll(async () => {
  t = await buildTestApp(bundle);
  for (const row of await t.app.database.db.selectFrom('users').select(['id', 'email']).execute()) ids.set(row.email.split('@')[0], row.id);
});
afterAll(() => t.close());

describe('the questionnaire of a campaign with a scale360', () => {
  it("gives a colleague the scale's words and 'non osservato', and the questions in the third person", async () => {
    const res = await get('p1', `/api/usercampaign/${C_SCALE}/questions/${ids.get('eva')}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.options).toEqual([1, 2, 3, 4, 5]);
    expect(body.scaleLabels).toEqual({ '1': 'Mai', '3': 'A volte', '5': 'Sempre' });
    expect(body.notObserved).toBe(true);
    expect(body.closed.map((q: { text: string }) => q.text)).toEqual(['Ascolta gli altri.', 'Rispetta le scadenze.']);
    expect(body.open[0].text).toBe('Che cosa dovrebbe continuare a fare?');
  });

  it('asks oneself in the first person where the bundle has a selfText, and in its words where not', async () => {
    const body = (await get('eva', `/api/usercampaign/${C_SCALE}/questions/${ids.get('eva')}`)).json();
    expect(body.closed.map((q: { text: string }) => q.text)).toEqual(['Ascolto gli altri.', 'Rispetta le scadenze.']);
    expect(body.open[0].text).toBe('Che cosa dovrei continuare a fare?');
  });

  it("offers no 'non osservato' and no words where the campaign gives none, and refuses the answer there", async () => {
    const body = (await get('p1', `/api/usercampaign/${C_NO_NA}/questions/${ids.get('eva')}`)).json();
    expect(body.scaleLabels).toEqual({});
    expect(body.notObserved).toBe(false);
    const res = await post('p1', dataUrl(C_NO_NA), { version: 1, data: { closed: { '1': 'not-observed' } } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'data.closed.1', message: 'this campaign does not allow "non osservato"' }]);
  });
});

describe("'non osservato'", () => {
  it('completes an evaluation, is kept as itself, and is left out of the report and the rater agreement', async () => {
    // Question 1: the peers 5, 3, 4 and one "non osservato"; had it counted as 0 the mean would be 3 over 4 raters.
    const given: Array<[string, number | 'not-observed']> = [
      ['p1', 5],
      ['p2', 3],
      ['p3', 4],
      ['p4', 'not-observed'],
      ['eva', 'not-observed'],
    ];
    for (const [who, value] of given) {
      const res = await post(who, dataUrl(C_SCALE), {
        version: 1,
        finished: true,
        data: { closed: { '1': value, '2': 2 }, open: { '90': 'Continua.' } },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.status).toBe('y');
    }
    const stored = (await get('p4', dataUrl(C_SCALE))).json().data;
    expect(stored.answers.closed).toEqual({ '1': 'not-observed', '2': 2 });
    const row = await t.app.database.db
      .selectFrom('answers360')
      .select(['value', 'not_observed'])
      .where('evaluator_id', '=', ids.get('p4')!)
      .where('question_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ value: null, not_observed: 1 });

    const report = await get('eva', `/api/report/${C_SCALE}/individual/personal/${ids.get('eva')}`);
    expect(report.statusCode, report.body).toBe(200);
    const [q1, q2] = report.json().result.results360.questions;
    expect(q1.means).toEqual({ 'relation:2': 4, all: 4 });
    expect(q1.raters).toEqual({ 'relation:2': 3, all: 3 });
    expect(q2.means).toEqual({ self: 2, 'relation:2': 2, all: 2 });

    const agreement = (await get('admin', `/api/staff/campaigns/${C_SCALE}/agreement`)).json();
    expect(agreement.questions[0].relations[0]).toMatchObject({ relationId: 2, ratings: 3 });
    // 5, 3, 4: s² = 1.
    expect(agreement.questions[0].relations[0].sd).toBeCloseTo(1, 10);
  });
});
