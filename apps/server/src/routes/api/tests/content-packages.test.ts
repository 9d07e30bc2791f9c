// Tests without code, through the API: a QTI bank and a SCORM course imported from a bundle zip, taken by a
// candidate, scored by the server (QTI) or reported by the content itself (SCORM), and read by the report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { fixtureZip, importWithPackages } from '../../../../test/import-with-packages';
import { PASSWORD, type Caller, signIn } from './test-delivery-fixtures';

const C = 7001;
const QTI = 701;
const SCORM = 702;
const ANNA = 'anna@packages.example';

const bundle = (status: string) => ({
  version: 2,
  companies: [{ name: 'Pacchetti' }],
  users: [{ company: 'Pacchetti', email: ANNA, password: PASSWORD, firstName: 'Anna', lastName: 'Test', privacy: true }],
  tests: [
    { id: QTI, abbreviation: 'QTB', name: 'Banca QTI', package: { type: 'qti', file: 'items/bank.zip' } },
    { id: SCORM, abbreviation: 'SCO', name: 'Corso', package: { type: 'scorm', file: 'courses/safety.zip' } },
  ],
  campaigns: [
    {
      id: C,
      company: 'Pacchetti',
      name: 'Campagna',
      dateStart: '2026-01-01T08:00:00+01:00',
      dateEnd: '2030-12-31T20:00:00+01:00',
      status,
      tests: [{ test: QTI }, { test: SCORM }],
      participants: [{ user: ANNA }],
      model: {
        areas: [{ id: 1, name: 'Area', inProfile: true }],
        skills: [{ id: 10, areaId: 1, name: 'Competenza' }],
        markers: [
          { id: 100, skillId: 10, name: 'Ragionamento' },
          { id: 101, skillId: 10, name: 'Sicurezza' },
        ],
        tasks: [
          { id: 1000, markerId: 100, name: 'Banca', test: QTI, outcome: 'SCORE', min: 0, max: 7 },
          { id: 1001, markerId: 101, name: 'Corso', test: SCORM, outcome: 'score.raw', min: 0, max: 100 },
        ],
      },
    },
  ],
});

const importWith = async (t: TestApp, status: string) =>
  importWithPackages(t.database, bundle(status), {
    'items/bank.zip': await fixtureZip('qti-all-interactions'),
    'courses/safety.zip': await fixtureZip('scorm12-course'),
  });

let t: TestApp;
let anna: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  await importWith(t, 'ACTIVE');
  anna = await signIn(t.app, ANNA, C);
});
afterAll(() => t.close());

const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { cookie: anna.cookie }, payload });
const get = (url: string) => t.app.inject({ url, headers: { cookie: anna.cookie } });
const outcomesOf = async (testId: number, source: string) => {
  const rows = await t.database.db
    .selectFrom('outcomes')
    .select('outcomes')
    .where('campaign_id', '=', C)
    .where('test_id', '=', testId)
    .where('user_id', '=', anna.id)
    .where('source', '=', source)
    .execute();
  return rows.map((r) => JSON.parse(r.outcomes) as Array<{ questionId: string; value: unknown }>);
};

describe('a QTI bank and a SCORM course from a bundle zip', () => {
  it("are the candidate's tests, each opening its player on the activities origin", async () => {
    const tests = (await get('/api/usertests')).json().tests as Array<{ id: number; url: string }>;
    expect(tests.find((x) => x.id === QTI)?.url).toMatch(/^http:\/\/127\.0\.0\.1:3001\/players\/qti\/\?package=[0-9a-f]{64}$/);
    expect(tests.find((x) => x.id === SCORM)?.url).toMatch(/^http:\/\/127\.0\.0\.1:3001\/players\/scorm\/\?package=[0-9a-f]{64}$/);
  });

  it('scores the QTI test on the server from the saved responses, whatever the browser claims', async () => {
    const base = `${C}/${anna.id}`;
    const started = await post(`/api/tests/${QTI}/start/${base}`);
    expect(started.statusCode).toBe(200);
    // The package's own max-time (30 minutes) is the server's clock, as for any timed test.
    const { timing } = started.json();
    expect(Date.parse(timing.endsAt) - Date.parse(timing.startedAt)).toBe(30 * 60_000);
    const progress = {
      qti: 1,
      position: 'text-entry',
      // Right, half right by its mapping (case does not count), and one of the two right choices.
      responses: { 'choice-single': { RESPONSE: 'C' }, 'text-entry': { RESPONSE: 'adam' }, 'choice-multiple': { RESPONSE: ['P2'] } },
      flagged: [],
    };
    expect((await post(`/api/tests/${QTI}/sync/${base}`, { version: 1, status: 'incomplete', data: progress })).statusCode).toBe(200);
    // A browser posting a score of its own: kept as a record, never the result.
    expect((await post(`/api/outcomes/${C}/${QTI}/${anna.id}`, { values: [{ questionId: 'SCORE', value: 999 }] })).statusCode).toBe(200);
    await t.app.scoring.idle();

    const [server] = await outcomesOf(QTI, 'server');
    const value = (id: string) => server.find((o) => o.questionId === id)?.value;
    expect(value('choice-single')).toBe(1);
    expect(value('text-entry')).toBe(0.5);
    expect(value('choice-multiple')).toBe(1);
    expect(value('order')).toBe(0);
    // choice-multiple counts twice (its weight), PASSED needs 7.
    expect(value('SCORE')).toBe(3.5);
    expect(value('PASSED')).toBe(false);
    expect((await outcomesOf(QTI, 'client'))[0]).toEqual([{ questionId: 'SCORE', value: 999 }]);
  });

  it("keeps the SCORM course's own report as the content's, and completes the test", async () => {
    const base = `${C}/${SCORM}/${anna.id}`;
    expect((await post(`/api/tests/${SCORM}/start/${C}/${anna.id}`)).statusCode).toBe(200);
    const values = [
      { questionId: 'score.raw', value: 80 },
      { questionId: 'score.max', value: 100 },
      { questionId: 'q_fire_alarm', value: 'correct' },
    ];
    expect((await post(`/api/outcomes/${base}`, { values })).statusCode).toBe(200);
    expect(await outcomesOf(SCORM, 'content')).toEqual([values]);
    expect(await outcomesOf(SCORM, 'client')).toEqual([]);
    const tests = (await get('/api/usertests')).json().tests as Array<{ id: number; status: string }>;
    expect(tests.find((x) => x.id === SCORM)?.status).toBe('complete');
  });

  it("reports both: the server's QTI score and the course's own score feed the model's tasks", async () => {
    await importWith(t, 'REPORT');
    const res = await get(`/api/report/${C}/individual/personal/${anna.id}`);
    expect(res.statusCode).toBe(200);
    const { rep } = res.json().result;
    // 3.5 of 0..7 -> 2.5 (not the browser's 999); 80 of 0..100 -> 4.
    expect(rep.markers.find((m: { id: number }) => m.id === 100)?.value).toBe(2.5);
    expect(rep.markers.find((m: { id: number }) => m.id === 101)?.value).toBe(4);
  });
});
