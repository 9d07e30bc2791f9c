import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../../test/build-test-app';

// The 360 calls through the real API: whom a person evaluates, the questionnaire as their relation
// sees it, and versioned saves that accept only answers that exist, from the evaluator of the relation.

const PASSWORD = 'Segreta-2026';
const ALFA = 'Alfa S.r.l.';
const C_360 = 6001;
const C_PLAIN = 6002;
const person = (email: string, firstName: string, lastName: string) => ({
  company: ALFA,
  email,
  password: PASSWORD,
  firstName,
  lastName,
  privacy: true,
});

const bundle = {
  version: 1,
  companies: [{ name: ALFA }, { name: 'Beta S.p.A.' }],
  users: [
    person('giulia@alfa.example', 'Giulia', 'Ferri'),
    person('paolo@alfa.example', 'Paolo', 'Rinaldi'),
    person('marta@alfa.example', 'Marta', 'Villa'),
    person('ugo@alfa.example', 'Ugo', 'Neri'),
    { ...person('ada@alfa.example', 'Ada', 'Admin'), role: 'admin' },
    { ...person('bruno@beta.example', 'Bruno', 'Bianchi'), company: 'Beta S.p.A.' },
  ],
  tests: [
    {
      id: 360,
      abbreviation: 'FBK',
      name: 'Feedback 360',
      url: '/skillup-360',
      jsonData: {},
      labels360: [
        { lang: 'IT_it', details_360: '<p>Il 360.</p>', details_auto: '<p>Parla di te.</p>', details_etero: '<p>Parla dei colleghi.</p>' },
        { lang: 'EN_en', details_360: '<p>The 360.</p>', details_auto: '<p>About you.</p>', details_etero: '<p>About colleagues.</p>' },
      ],
    },
  ],
  campaigns: [
    {
      id: C_360,
      company: ALFA,
      name: 'Feedback',
      dateStart: '2026-01-01T00:00:00+01:00',
      dateEnd: '2030-12-31T23:59:00+01:00',
      is360: true,
      selfEvaluation: true,
      range360Num: 5,
      tests: [{ test: 360 }],
      participants: ['giulia', 'paolo', 'marta', 'ugo'].map((name) => ({ user: `${name}@alfa.example`, lang: 'IT_it' })),
      relations360: [
        { evaluator: 'giulia@alfa.example', evaluee: 'giulia@alfa.example', relationId: 3, label: 'Autovalutazione' },
        { evaluator: 'giulia@alfa.example', evaluee: 'paolo@alfa.example', relationId: 2, label: { IT_it: 'Collega', EN_en: 'Colleague' } },
        { evaluator: 'marta@alfa.example', evaluee: 'giulia@alfa.example', relationId: 4, label: 'Collaboratrice' },
      ],
      questions360: {
        closed: [
          { id: 1, text: { IT_it: 'Ascolta gli altri.', EN_en: 'Listens.' } },
          { id: 2, text: 'Rispetta le scadenze.' },
        ],
        linked: [
          {
            id: 50,
            label: 'Punti di forza e da migliorare',
            min_answers: 1,
            max_answers: 2,
            columns: [
              { order: 1, label: 'Forza' },
              { order: 2, label: 'Da migliorare' },
            ],
            answers: [
              { id: 501, label: 'Ascolto' },
              { id: 502, label: 'Precisione' },
              { id: 503, label: 'Iniziativa' },
            ],
          },
        ],
        open: [{ id: 90, text: 'Un consiglio?' }],
      },
    },
    {
      id: C_PLAIN,
      company: ALFA,
      name: 'Non 360',
      dateStart: '2026-01-01T00:00:00+01:00',
      dateEnd: '2030-12-31T23:59:00+01:00',
      participants: [{ user: 'giulia@alfa.example' }],
    },
    {
      id: 8001,
      company: 'Beta S.p.A.',
      name: 'Beta',
      dateStart: '2026-01-01T00:00:00+01:00',
      dateEnd: '2030-12-31T23:59:00+01:00',
      is360: true,
      participants: [{ user: 'bruno@beta.example' }],
    },
  ],
};

let t: TestApp;
const cookies = new Map<string, string>();
const ids = new Map<string, number>();
async function as(name: string) {
  const email = name.includes('@') ? name : `${name}@alfa.example`;
  if (!cookies.has(email)) {
    const cookie = await login(t.app, email, PASSWORD);
    cookies.set(email, cookie);
    ids.set(email, (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user.id);
  }
  return cookies.get(email)!;
}
const id = (name: string) => ids.get(`${name}@alfa.example`)!;
const get = async (who: string, url: string) => t.app.inject({ url, headers: { cookie: await as(who) } });
const post = async (who: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: await as(who) }, payload });

const complete = { closed: { '1': 4, '2': 5 }, open: { '90': 'Continua così.' }, linked: { '50': { '501': 1, '502': 2 } } };

beforeAll(async () => {
  t = await buildTestApp(bundle);
  for (const name of ['giulia', 'paolo', 'marta', 'ugo', 'ada', 'bruno@beta.example']) await as(name);
});
afterAll(() => t.close());

describe('GET /api/usercampaign/:campaignId/userrelation', () => {
  it('lists whom the caller evaluates, themself first, with the explanations in the campaign language', async () => {
    const res = await get('giulia', `/api/usercampaign/${C_360}/userrelation`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      result: [
        {
          id: id('giulia'),
          firstName: 'Giulia',
          lastName: 'Ferri',
          relationId: 3,
          user_is_evaluated: 'n',
          label: 'Autovalutazione',
          version: 0,
        },
        { id: id('paolo'), firstName: 'Paolo', lastName: 'Rinaldi', relationId: 2, user_is_evaluated: 'n', label: 'Collega', version: 0 },
      ],
      labels: { details_360: '<p>Il 360.</p>', details_auto: '<p>Parla di te.</p>', details_etero: '<p>Parla dei colleghi.</p>' },
    });
    expect((await get('ugo', `/api/usercampaign/${C_360}/userrelation`)).json().result).toEqual([]);
  });

  it('finds no 360 in a campaign that is not one, nor in another company', async () => {
    expect((await get('giulia', `/api/usercampaign/${C_PLAIN}/userrelation`)).statusCode).toBe(404);
    expect((await get('bruno@beta.example', `/api/usercampaign/${C_360}/userrelation`)).statusCode).toBe(404);
  });
});

describe('GET /api/usercampaign/:campaignId/questions/:evaluee', () => {
  it('gives the questionnaire with the scale of the relation: relation 4 has no middle option', async () => {
    const peer = (await get('giulia', `/api/usercampaign/${C_360}/questions/${id('paolo')}`)).json();
    expect(peer.options).toEqual([1, 2, 3, 4, 5]);
    expect(peer.evaluee).toMatchObject({ id: id('paolo'), label: 'Collega' });
    expect(peer.closed).toEqual([
      { id: 1, text: 'Ascolta gli altri.' },
      { id: 2, text: 'Rispetta le scadenze.' },
    ]);
    expect(peer.linked[0].columns).toEqual([
      { order: 1, label: 'Forza' },
      { order: 2, label: 'Da migliorare' },
    ]);
    const report = (await get('marta', `/api/usercampaign/${C_360}/questions/${id('giulia')}`)).json();
    expect(report.options).toEqual([1, 2, 4, 5]);
  });

  it('refuses a person the caller does not evaluate', async () => {
    const res = await get('paolo', `/api/usercampaign/${C_360}/questions/${id('giulia')}`);
    expect(res.statusCode).toBe(403);
    expect((await get('ugo', `/api/tests/360/data/${C_360}/${id('paolo')}`)).statusCode).toBe(403);
    expect((await post('ugo', `/api/tests/360/data/${C_360}/${id('paolo')}`, { version: 1, data: {} })).statusCode).toBe(403);
  });
});

describe('/api/tests/360/data/:campaignId/:evaluee', () => {
  const url = () => `/api/tests/360/data/${C_360}/${id('paolo')}`;

  it('saves answers as they come, never letting an older version win', async () => {
    const first = await post('giulia', url(), { version: 1, data: { closed: { '1': 4 } } });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ version: 1, status: 'p', answers: { closed: { '1': 4 }, open: {}, linked: {} } });
    await post('giulia', url(), { version: 3, data: { closed: { '1': 4, '2': 2 }, linked: { '50': { '503': 2 } } } });
    const late = await post('giulia', url(), { version: 2, data: { closed: { '1': 1 } } });
    expect(late.json().data).toMatchObject({ version: 3, answers: { closed: { '1': 4, '2': 2 }, linked: { '50': { '503': 2 } } } });
    expect((await get('giulia', url())).json().data).toEqual({
      version: 3,
      status: 'p',
      answers: { closed: { '1': 4, '2': 2 }, open: {}, linked: { '50': { '503': 2 } } },
    });
    expect((await get('giulia', `/api/usercampaign/${C_360}/userrelation`)).json().result[1].user_is_evaluated).toBe('p');
  });

  it('accepts only answers that exist, each problem named', async () => {
    const res = await post('giulia', url(), {
      version: 10,
      data: { closed: { '1': 7, '99': 3 }, open: { '91': 'x' }, linked: { '50': { '501': 1, '502': 1, '503': 1, '599': 2 } } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual([
      'data.closed.1',
      'data.closed.99',
      'data.open.91',
      'data.linked.50.599',
      'data.linked.50',
    ]);
    // Relation 4 has no 3.
    const middle = await post('marta', `/api/tests/360/data/${C_360}/${id('giulia')}`, { version: 1, data: { closed: { '1': 3 } } });
    expect(middle.statusCode).toBe(422);
    expect(middle.json().errors).toEqual([{ path: 'data.closed.1', message: 'expected one of 1, 2, 4, 5' }]);
    // A version past what the database keeps (an integer) is a mistake named, not a failed write (500 on PostgreSQL).
    const huge = await post('giulia', url(), { version: 2 ** 31, data: {} });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors.map((e: { path: string }) => e.path)).toEqual(['body.version']);
    // Nothing of the refused saves was kept.
    expect((await get('giulia', url())).json().data.version).toBe(3);
  });

  it('finishes only a complete evaluation, and keeps it done while it is changed', async () => {
    const early = await post('giulia', url(), { version: 11, data: { closed: { '1': 4 } }, finished: true });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.map((e: { path: string }) => e.path)).toEqual(['data.closed.2', 'data.linked.50', 'data.open.90']);

    const done = await post('giulia', url(), { version: 12, data: complete, finished: true });
    expect(done.json().data).toMatchObject({ version: 12, status: 'y' });
    const changed = await post('giulia', url(), { version: 13, data: { ...complete, closed: { '1': 5, '2': 5 } } });
    expect(changed.json().data).toMatchObject({ version: 13, status: 'y', answers: { closed: { '1': 5, '2': 5 } } });
  });

  it('completes the 360 test in the room once every evaluation is done', async () => {
    await post('giulia', `/api/usercampaign/${C_360}`, {});
    const status360 = async () =>
      ((await get('giulia', '/api/usertests')).json().tests as Array<{ id: number; status: string }>).find((test) => test.id === 360)
        ?.status;
    // Paolo's is done (above), her own is not yet.
    expect(await status360()).not.toBe('complete');
    // The company's HR system hears of it as of any test completed (issue 51's webhooks), once.
    const hook = await post('ada', '/api/staff/webhooks', { url: 'https://hr.alfa.example/prova', events: ['test.completed'] });
    expect(hook.statusCode, hook.body).toBe(201);
    const completions = async () => {
      await t.app.webhooks.idle();
      const { deliveries } = (await get('ada', `/api/staff/webhooks/${hook.json().webhook.id}/deliveries`)).json();
      return (deliveries as Array<{ event: string; payload: string }>)
        .filter((d) => d.event === 'test.completed')
        .map((d) => JSON.parse(d.payload).data);
    };
    await post('giulia', `/api/tests/360/data/${C_360}/${id('giulia')}`, { version: 1, data: complete, finished: true });
    expect(await status360()).toBe('complete');
    expect(await completions()).toEqual([{ campaignId: C_360, testId: 360, participantId: id('giulia') }]);
    // Changed and finished again, it was complete already: no second event.
    await post('giulia', `/api/tests/360/data/${C_360}/${id('giulia')}`, { version: 2, data: complete, finished: true });
    expect(await completions()).toHaveLength(1);
  });
});
