// A campaign that is over takes no more answers: every write of a participant is refused with 409 CAMPAIGN_CLOSED and
// changes nothing, while what it holds can still be read (its reports are made from it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBundle } from '../../../import/import-bundle';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { type Caller, PASSWORD, signIn } from './test-delivery-fixtures';

const ALFA = 'Alfa S.r.l.';
const C = 7101;
const ANNA = 'anna@alfa.example';
const MARCO = 'marco@alfa.example';
const ELENA = 'elena@alfa.example';
const person = (email: string, firstName: string, extra: object = {}) => ({
  company: ALFA,
  email,
  password: PASSWORD,
  firstName,
  lastName: 'Rossi',
  privacy: true,
  ...extra,
});

const campaign = {
  id: C,
  company: ALFA,
  name: 'Selezione',
  is360: true,
  dateStart: '2025-01-01T00:00:00Z',
  dateEnd: '2030-01-01T00:00:00Z',
  tests: [{ test: 101 }, { test: 104 }, { test: 201 }, { test: 360 }],
  participants: [{ user: ANNA }, { user: MARCO }, { user: ELENA }],
  assessments: [{ assessor: ELENA, assessed: [ANNA], tests: [201] }],
  relations360: [{ evaluator: ANNA, evaluee: MARCO, relationId: 2, label: 'Collega' }],
  questions360: { closed: [{ id: 1, text: 'Ascolta gli altri.' }] },
};

const bundle = {
  version: 1,
  companies: [{ name: ALFA }],
  users: [person(ANNA, 'Anna'), person(MARCO, 'Marco'), person(ELENA, 'Elena', { role: 'Assessor' })],
  tests: [
    { id: 101, abbreviation: 'RAG', name: 'Ragionamento', url: '/activities/numerical/', jsonData: {} },
    { id: 104, abbreviation: 'REP', name: 'Ripetibile', url: '/activities/rep/', repeatable: true, jsonData: {} },
    { id: 201, abbreviation: 'COL', name: 'Colloquio', url: '/activities/interview-grid/', jsonData: {} },
    { id: 360, abbreviation: '360', name: 'Feedback 360', url: '/skillup-360', jsonData: {} },
  ],
  campaigns: [campaign],
};

/** How the campaign ends: marked finished by staff after its end, marked finished early, or just past its end. */
const ENDINGS = [
  { label: 'REPORT, past its end', status: 'REPORT', dateEnd: '2025-06-30T18:00:00Z', readable: true },
  { label: 'COMPLETED, within its dates', status: 'COMPLETED', dateEnd: '2030-01-01T00:00:00Z', readable: true },
  { label: 'ACTIVE, past its end', status: 'ACTIVE', dateEnd: '2025-06-30T18:00:00Z', readable: false },
] as const;

describe.each(ENDINGS)('a campaign that is over ($label)', ({ status, dateEnd, readable }) => {
  let t: TestApp;
  let anna: Caller;
  let elena: Caller;
  let marcoId: number;
  const call = (who: Caller, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, payload });

  /** Every row a participant's writes could change. */
  const snapshot = async () => {
    const db = t.app.database.db;
    const tables = ['test_progress', 'test_progress_history', 'outcomes', 'answers360', 'evaluations360', 'participants'] as const;
    const rows = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()));
    return JSON.stringify(rows);
  };

  beforeAll(async () => {
    t = await buildTestApp(bundle);
    [anna, elena] = await Promise.all([signIn(t.app, ANNA, C), signIn(t.app, ELENA, C)]);
    marcoId = (await signIn(t.app, MARCO, C)).id;
    // While it is open: a test begun and saved, a repeatable one done, ratings, a 360 evaluation, the layout storage.
    const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
      const res = await response;
      if (res.statusCode !== 200) throw new Error(`setup: ${res.statusCode} ${res.body}`);
    };
    await ok(call(anna, 'POST', `/api/tests/101/start/${C}/${anna.id}`, {}));
    await ok(call(anna, 'POST', `/api/tests/101/data/${C}/${anna.id}`, { version: 1, data: '{"q1":"b"}' }));
    await ok(call(anna, 'POST', `/api/tests/104/start/${C}/${anna.id}`, {}));
    await ok(call(anna, 'POST', `/api/outcomes/${C}/104/${anna.id}`, { values: [{ questionId: 'q', value: 1 }] }));
    await ok(call(elena, 'POST', `/api/tests/201/assessedOutcomes/${C}/${anna.id}`, { values: [{ questionId: 'ascolto', value: 4 }] }));
    await ok(call(anna, 'POST', `/api/tests/360/data/${C}/${marcoId}`, { version: 1, data: { closed: { '1': 4 } }, finished: true }));
    await ok(call(anna, 'PATCH', `/api/v2/campaigns/${C}/storage`, { data: { hasSeenTutorial: true } }));
    // Then staff close it (or its end passes): the import announces the change to every instance.
    const closed = await importBundle(t.database, { ...bundle, campaigns: [{ ...campaign, status, dateEnd }] });
    if (!closed.ok) throw new Error(closed.problems.join('\n'));
  });
  afterAll(() => t?.close());

  // First, while the server holds test 101 incomplete at version 1.
  it('asks a browser to push nothing more', async () => {
    const check = await call(anna, 'POST', `/api/tests/checkSync/${C}`, { tests: [{ testId: 101, version: 9 }] });
    if (!readable) return expect(check.statusCode).toBe(404);
    expect(check.json()).toEqual({ status: true, needPushing: [] });
  });

  it('refuses every write of its participants with 409 CAMPAIGN_CLOSED, and changes nothing', async () => {
    const before = await snapshot();
    const writes: [Caller, 'POST' | 'PATCH', string, object][] = [
      [anna, 'POST', `/api/tests/101/start/${C}/${anna.id}`, {}],
      // A repeatable test complete: taking it again would start a new attempt.
      [anna, 'POST', `/api/tests/104/start/${C}/${anna.id}`, {}],
      [anna, 'POST', `/api/tests/101/sync/${C}/${anna.id}`, { version: 5, status: 'incomplete', data: '{"q1":"a"}' }],
      [anna, 'POST', `/api/tests/101/status/${C}/${anna.id}`, { version: 6, status: 'complete' }],
      [anna, 'POST', `/api/tests/101/data/${C}/${anna.id}`, { version: 7, data: '{"q1":"a"}' }],
      [anna, 'POST', `/api/outcomes/${C}/101/${anna.id}`, { values: [{ questionId: 'score', value: 100 }] }],
      [elena, 'POST', `/api/tests/201/assessedOutcomes/${C}/${anna.id}`, { values: [{ questionId: 'ascolto', value: 1 }] }],
      [anna, 'POST', `/api/tests/360/data/${C}/${marcoId}`, { version: 2, data: { closed: { '1': 1 } }, finished: true }],
      [anna, 'PATCH', `/api/v2/campaigns/${C}/storage`, { data: { hasSeenTutorial: false } }],
    ];
    const answers = [];
    for (const [who, method, url, payload] of writes) {
      const res = await call(who, method, url, payload);
      answers.push({ url, status: res.statusCode, code: res.json().code });
    }
    expect(answers).toEqual(writes.map(([, , url]) => ({ url, status: 409, code: 'CAMPAIGN_CLOSED' })));
    expect(await snapshot()).toBe(before);
  });

  it(
    readable ? 'still shows what it holds, says it takes no more answers, and offers no test to start' : 'is no longer read, as before',
    async () => {
      const saved = await call(anna, 'GET', `/api/tests/101/data/${C}/${anna.id}`);
      if (!readable) return expect(saved.statusCode).toBe(404);
      expect(saved.json().data).toMatchObject({ version: 1, data: '{"q1":"b"}' });
      const evaluation = await call(anna, 'GET', `/api/tests/360/data/${C}/${marcoId}`);
      expect(evaluation.json().data).toMatchObject({ version: 1, status: 'y', answers: { closed: { '1': 4 } } });
      expect((await call(anna, 'GET', '/api/usercampaign')).json().campaign).toMatchObject({ status, acceptsAnswers: false });
      const tests = (await call(anna, 'GET', '/api/usertests')).json().tests as { id: number; canStart: boolean }[];
      expect(tests.map((test) => [test.id, test.canStart])).toEqual([
        [101, false],
        [104, false],
        [360, false],
      ]);
    },
  );
});

describe('a campaign that is open', () => {
  it('says it takes answers', async () => {
    const t = await buildTestApp(bundle);
    try {
      const anna = await signIn(t.app, ANNA, C);
      const selected = await t.app.inject({ url: '/api/usercampaign', headers: { cookie: anna.cookie } });
      expect(selected.json().campaign).toMatchObject({ status: 'ACTIVE', acceptsAnswers: true });
      const tests = (await t.app.inject({ url: '/api/usertests', headers: { cookie: anna.cookie } })).json().tests;
      expect(tests.every((test: { canStart: boolean }) => test.canStart)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
