import { pdfText } from '@prova/test-support/pdf-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../../test/build-test-app';
import { importBundle } from '../../../import/import-bundle';

// Reports through the real API: results produced by the test-delivery calls, read back as the
// personal report, its PDF and the campaign's documents, by each kind of caller.

const PASSWORD = 'Segreta-2026';
const ALFA = 'Alfa S.r.l.';
const person = (email: string, firstName: string, fields: object = {}) => ({
  company: ALFA,
  email,
  password: PASSWORD,
  firstName,
  lastName: 'Test',
  privacy: true,
  ...fields,
});

const NINA = 'nina@alfa.example'; // has not given the privacy consent
const C_REPORT = 7001; // REPORT status: reports open
const C_ACTIVE = 7002; // still running, early download allowed
const C_CLOSED = 7003; // REPORT, but the assessed may not download
const C_360 = 7004;
const C_BETA = 7005;
const C_PLAIN = 7006; // REPORT, no documents: the report itself is the page

const model = {
  areas: [
    { id: 1, name: { IT_it: 'Pensiero', EN_en: 'Thinking' }, feedback: { '3': { IT_it: 'Area solida.', EN_en: 'Solid.' } } },
    { id: 2, name: 'Relazione', feedback: { '2': 'Area adeguata.' } },
    { id: 6, name: 'Motivazione', inProfile: false },
  ],
  skills: [
    { id: 10, areaId: 1, name: 'Analisi' },
    { id: 20, areaId: 2, name: 'Ascolto' },
    { id: 60, areaId: 6, name: 'Energia' },
  ],
  markers: [
    { id: 100, skillId: 10, name: 'Legge i dati', devSuggestion: 'Leggi un report al giorno.---Chiedi un parere.' },
    { id: 200, skillId: 20, name: 'Fa domande', devSuggestion: 'Fai una domanda in più.' },
    { id: 600, skillId: 60, name: 'Costanza' },
  ],
  tasks: [
    { id: 1, markerId: 100, test: 101, outcome: 'score', min: 0, max: 100 },
    { id: 2, markerId: 200, test: 201, outcome: 'ascolto', min: 1, max: 5 },
    { id: 3, markerId: 600, test: 102, outcome: 'energia', min: 1, max: 5 },
  ],
};
const documents = [
  { id: 11, name: { IT_it: 'Report per i valutatori' }, visibleToAssessorsOnly: true },
  { id: 12, name: { IT_it: 'Report individuale', EN_en: 'Individual report' } },
];
const member = (user: string) => ({ user, lang: 'IT_it' });
const campaign = (id: number, fields: object) => ({
  id,
  company: ALFA,
  name: { IT_it: `Campagna ${id}` },
  dateStart: '2026-01-01T00:00:00+01:00',
  dateEnd: '2027-12-31T23:59:00+01:00',
  tests: [{ test: 101 }, { test: 102 }, { test: 201 }],
  participants: ['anna@alfa.example', 'piero@alfa.example', 'ester@alfa.example', 'sofia@alfa.example'].map(member),
  assessments: [{ assessor: 'ester@alfa.example', assessed: ['anna@alfa.example'], tests: [201] }],
  model,
  ...fields,
});

const bundle = {
  version: 1,
  companies: [{ name: ALFA }, { name: 'Beta S.p.A.' }],
  users: [
    person('anna@alfa.example', 'Anna'),
    person('piero@alfa.example', 'Piero'),
    person('ester@alfa.example', 'Ester', { role: 'Assessor' }),
    person('sofia@alfa.example', 'Sofia', { role: 'admin' }),
    person(NINA, 'Nina', { privacy: false }),
    ...['r1', 'r2', 'r3', 'r4'].map((name) => person(`${name}@alfa.example`, name.toUpperCase())),
    { ...person('bruno@beta.example', 'Bruno'), company: 'Beta S.p.A.' },
  ],
  tests: [
    {
      id: 101,
      abbreviation: 'RAG',
      name: 'Ragionamento',
      url: '/activities/numerical/',
      jsonData: {},
      // 25 points a right answer: the browser's own score never counts.
      algorithm:
        "function computeOutcomes(d) { var k = {q1: 'a', q2: 'b', q3: 'c', q4: 'd'}; var n = 0; for (var q in k) if (d.answers[q] === k[q]) n++; return [{ questionId: 'score', value: 25 * n }]; }",
    },
    { id: 102, abbreviation: 'STI', name: 'Stili', url: '/activities/workstyles/', jsonData: {} },
    { id: 201, abbreviation: 'COL', name: 'Colloquio', url: '/activities/interview-grid/', jsonData: {} },
    { id: 360, abbreviation: 'FBK', name: 'Feedback 360', url: '/skillup-360', jsonData: {} },
    { id: 901, abbreviation: 'BET', name: 'Beta', url: '/activities/beta/', jsonData: {} },
  ],
  campaigns: [
    campaign(C_REPORT, {
      status: 'REPORT',
      report: { documents },
      participants: ['anna@alfa.example', 'piero@alfa.example', 'ester@alfa.example', 'sofia@alfa.example', NINA].map(member),
    }),
    campaign(C_ACTIVE, { report: { allowEarlyDownload: true, documents } }),
    campaign(C_CLOSED, { status: 'REPORT', report: { canAssessedDownload: false, documents } }),
    campaign(C_PLAIN, { status: 'REPORT' }),
    {
      id: C_360,
      company: ALFA,
      name: 'Feedback',
      dateStart: '2026-01-01T00:00:00+01:00',
      dateEnd: '2027-12-31T23:59:00+01:00',
      status: 'REPORT',
      is360: true,
      selfEvaluation: true,
      tests: [{ test: 360 }],
      participants: ['anna@alfa.example', 'r1@alfa.example', 'r2@alfa.example', 'r3@alfa.example', 'r4@alfa.example'].map(member),
      relations360: [
        { evaluator: 'anna@alfa.example', evaluee: 'anna@alfa.example', relationId: 3, label: 'Autovalutazione' },
        ...['r1', 'r2', 'r3'].map((r) => ({
          evaluator: `${r}@alfa.example`,
          evaluee: 'anna@alfa.example',
          relationId: 2,
          label: 'Collega',
        })),
        { evaluator: 'r4@alfa.example', evaluee: 'anna@alfa.example', relationId: 1, label: 'Responsabile' },
      ],
      questions360: { closed: [{ id: 1, text: 'Ascolta' }], open: [{ id: 90, text: 'Un consiglio?' }] },
    },
    {
      id: C_BETA,
      company: 'Beta S.p.A.',
      name: 'Beta',
      dateStart: '2026-01-01T00:00:00+01:00',
      dateEnd: '2027-12-31T23:59:00+01:00',
      status: 'REPORT',
      tests: [{ test: 901 }],
      participants: [member('bruno@beta.example')],
    },
  ],
};

let t: TestApp;
const cookies = new Map<string, string>();
const ids = new Map<string, number>();

async function as(email: string) {
  if (!cookies.has(email)) {
    const cookie = await login(t.app, email, PASSWORD);
    cookies.set(email, cookie);
    ids.set(email, (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user.id);
  }
  return cookies.get(email)!;
}
const id = (email: string) => ids.get(email)!;
const get = async (email: string, url: string) => t.app.inject({ url, headers: { cookie: await as(email) } });
const post = async (email: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: await as(email) }, payload });

/** Anna takes the tests of a campaign through the delivery calls; Ester rates her interview. */
async function produceResults(campaignId: number) {
  const anna = id('anna@alfa.example');
  // 3 of 4 right: the server scores 75; the 100 the browser claims is kept but not used.
  await post('anna@alfa.example', `/api/tests/101/data/${campaignId}/${anna}`, {
    version: 1,
    data: { answers: { q1: 'a', q2: 'b', q3: 'c', q4: 'x' } },
  });
  await post('anna@alfa.example', `/api/outcomes/${campaignId}/101/${anna}`, { values: [{ questionId: 'score', value: 100 }] });
  await post('anna@alfa.example', `/api/outcomes/${campaignId}/102/${anna}`, { values: [{ questionId: 'energia', value: 5 }] });
  const rated = await post('ester@alfa.example', `/api/tests/201/assessedOutcomes/${campaignId}/${anna}`, {
    values: [{ questionId: 'ascolto', value: 2 }],
  });
  expect(rated.statusCode).toBe(200);
  await t.app.scoring.idle();
}

beforeAll(async () => {
  // The results are produced while the campaigns are open; then staff mark them finished (a campaign that is over
  // takes no more answers), as the bundle says.
  const open = (c: (typeof bundle.campaigns)[number]) => ([C_REPORT, C_CLOSED, C_PLAIN].includes(c.id) ? { ...c, status: 'ACTIVE' } : c);
  t = await buildTestApp({ ...bundle, campaigns: bundle.campaigns.map(open) });
  for (const email of ['anna@alfa.example', 'piero@alfa.example', 'ester@alfa.example', 'sofia@alfa.example', 'bruno@beta.example'])
    await as(email);
  await produceResults(C_REPORT);
  await produceResults(C_CLOSED);
  await produceResults(C_PLAIN);
  const finished = await importBundle(t.database, bundle);
  if (!finished.ok) throw new Error(finished.problems.join('\n'));
});
afterAll(() => t.close());

const personalUrl = (campaignId: number, email: string) => `/api/report/${campaignId}/individual/personal/${id(email)}`;

describe('GET /api/report/:campaignId/individual/personal/:userId', () => {
  it('gives the candidate their report, computed from what the server holds', async () => {
    const res = await get('anna@alfa.example', personalUrl(C_REPORT, 'anna@alfa.example'));
    expect(res.statusCode).toBe(200);
    const { rep, person, results360 } = res.json().result;
    expect(person).toEqual({ id: id('anna@alfa.example'), firstName: 'Anna', lastName: 'Test' });
    expect(results360).toBeNull();
    // 75 on 0..100 -> 3.75; Ester's 2 on 1..5 -> 1.25; 5 on 1..5 -> 5 (an area out of the profile).
    expect(rep.areas).toEqual([
      { id: 1, name: 'Pensiero', value: 3.75, feedback: 'Area solida.', inProfile: true },
      { id: 2, name: 'Relazione', value: 1.25, feedback: '', inProfile: true },
      { id: 6, name: 'Motivazione', value: 5, feedback: '', inProfile: false },
    ]);
    expect(rep.markers.find((m: { id: number }) => m.id === 100)).toMatchObject({
      value: 3.75,
      devSuggestion: 'Leggi un report al giorno.---Chiedi un parere.',
    });
    expect(rep.tests).toEqual([
      { id: 101, taskId: 1, name: 'Ragionamento' },
      { id: 201, taskId: 2, name: 'Colloquio' },
      { id: 102, taskId: 3, name: 'Stili' },
    ]);
  });

  it("refuses another candidate's report, and hides other companies' people", async () => {
    const other = await get('piero@alfa.example', personalUrl(C_REPORT, 'anna@alfa.example'));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ status: false, code: 'FORBIDDEN' });
    expect((await get('bruno@beta.example', personalUrl(C_REPORT, 'anna@alfa.example'))).statusCode).toBe(404);
    expect((await get('anna@alfa.example', `/api/report/${C_BETA}/individual/personal/${id('bruno@beta.example')}`)).statusCode).toBe(404);
  });

  it('lets staff and the assigned assessor read it, and no other assessor', async () => {
    expect((await get('sofia@alfa.example', personalUrl(C_REPORT, 'anna@alfa.example'))).statusCode).toBe(200);
    expect((await get('ester@alfa.example', personalUrl(C_REPORT, 'anna@alfa.example'))).statusCode).toBe(200);
    // Ester assesses Anna, not Piero.
    expect((await get('ester@alfa.example', personalUrl(C_REPORT, 'piero@alfa.example'))).statusCode).toBe(403);
  });

  it('keeps the report from the candidate until the download rules allow it, with a 409 (not yet), never a 401/403', async () => {
    // Running campaign: early download only once a test is complete.
    const early = await get('anna@alfa.example', personalUrl(C_ACTIVE, 'anna@alfa.example'));
    // A 403 would read as an ended session to the app (section 8), and sign the person out.
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ status: false, code: 'REPORT_NOT_AVAILABLE' });
    const earlyPdf = await get('anna@alfa.example', `/api/report/${C_ACTIVE}/individual/hr/${id('anna@alfa.example')}/download`);
    expect(earlyPdf.statusCode).toBe(409);
    expect(earlyPdf.json().code).toBe('REPORT_NOT_AVAILABLE');
    await post('anna@alfa.example', `/api/outcomes/${C_ACTIVE}/102/${id('anna@alfa.example')}`, {
      values: [{ questionId: 'energia', value: 3 }],
    });
    expect((await get('anna@alfa.example', personalUrl(C_ACTIVE, 'anna@alfa.example'))).statusCode).toBe(200);
    // canAssessedDownload false: never for the assessed, still for staff.
    const never = await get('anna@alfa.example', personalUrl(C_CLOSED, 'anna@alfa.example'));
    expect(never.statusCode).toBe(409);
    expect(never.json().code).toBe('REPORT_NOT_AVAILABLE');
    expect((await get('sofia@alfa.example', personalUrl(C_CLOSED, 'anna@alfa.example'))).statusCode).toBe(200);
  });

  it('answers a malformed id with a validation error, not a failure', async () => {
    const res = await get('anna@alfa.example', `/api/report/${C_REPORT}/individual/personal/abc`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('privacy consent', () => {
  it('keeps a candidate who has not consented from their report and the documents: 422 NO_PRIVACY_CONSENT', async () => {
    await as(NINA);
    for (const url of [
      personalUrl(C_REPORT, NINA),
      `/api/report/${C_REPORT}/config`,
      `/api/report/${C_REPORT}/page`,
      `/api/reports?campaignId=${C_REPORT}`,
    ]) {
      const res = await get(NINA, url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().code, url).toBe('NO_PRIVACY_CONSENT');
    }
  });
});

describe('GET /api/report/:campaignId/page', () => {
  const page = async (email: string, campaignId: number) => {
    const res = await get(email, `/api/report/${campaignId}/page`);
    expect(res.statusCode).toBe(200);
    return res.json().page;
  };

  it('offers the first document not kept for assessors, once the report may be given', async () => {
    expect(await page('anna@alfa.example', C_REPORT)).toEqual({
      kind: 'document',
      document: { id: 12, name: 'Report individuale', kind: 'individual', visibleToAssessorsOnly: false },
    });
  });

  it('gives the report itself where the campaign has no document, the same as the personal report', async () => {
    const shown = await page('anna@alfa.example', C_PLAIN);
    expect(shown.kind).toBe('individual');
    expect(shown.report).toEqual((await get('anna@alfa.example', personalUrl(C_PLAIN, 'anna@alfa.example'))).json().result);
    expect(shown.report.rep.areas.map((area: { name: string }) => area.name)).toEqual(['Pensiero', 'Relazione', 'Motivazione']);
  });

  it('shows nothing while the rules keep the report, or when it has nothing in it', async () => {
    expect(await page('anna@alfa.example', C_CLOSED)).toEqual({ kind: 'none' });
    // Piero has taken no test: nothing to show, not even the campaign's document.
    expect(await page('piero@alfa.example', C_REPORT)).toEqual({ kind: 'none' });
  });

  it("is the caller's own page only: another company's campaign is not found", async () => {
    expect((await get('bruno@beta.example', `/api/report/${C_REPORT}/page`)).statusCode).toBe(404);
    expect((await get('anna@alfa.example', `/api/report/x/page`)).statusCode).toBe(400);
  });
});

describe('GET /api/report/:campaignId/config', () => {
  it('says whether the caller may download, with the campaign setting', async () => {
    const open = await get('anna@alfa.example', `/api/report/${C_REPORT}/config`);
    expect(open.json()).toEqual({
      status: true,
      report: { individualConf: { individual: { canAssessedDownload: true } } },
      downloadAllowed: true,
    });
    const closed = await get('anna@alfa.example', `/api/report/${C_CLOSED}/config`);
    expect(closed.json()).toMatchObject({
      report: { individualConf: { individual: { canAssessedDownload: false } } },
      downloadAllowed: false,
    });
  });
});

describe('GET /api/report/:campaignId/individual/hr/:userId/download', () => {
  it('downloads a real PDF of the same report, in the person’s language', async () => {
    const res = await get('anna@alfa.example', `/api/report/${C_REPORT}/individual/hr/${id('anna@alfa.example')}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="report-Test-Anna\.pdf"/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Anna Test');
    expect(text).toContain('Risultati in dettaglio');
    expect(text).toContain('Pensiero');
    expect(text).toContain('3,75');
    expect(text).toContain('Punto di attenzione');
    expect(text).toContain('Fai una domanda in più.');
  });

  it('refuses another person’s PDF', async () => {
    const res = await get('piero@alfa.example', `/api/report/${C_REPORT}/individual/hr/${id('anna@alfa.example')}/download`);
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/reports?campaignId= and the report run', () => {
  it('offers the assessed only the documents not kept for assessors, and only when downloads are open', async () => {
    const list = await get('anna@alfa.example', `/api/reports?campaignId=${C_REPORT}`);
    expect(list.json()).toEqual({
      status: true,
      reports: [{ id: 12, name: 'Report individuale', kind: 'individual', visibleToAssessorsOnly: false }],
    });
    expect(
      (await get('ester@alfa.example', `/api/reports?campaignId=${C_REPORT}`)).json().reports.map((r: { id: number }) => r.id),
    ).toEqual([11, 12]);
    expect((await get('sofia@alfa.example', `/api/reports?campaignId=${C_REPORT}`)).json().reports).toHaveLength(2);
    expect((await get('anna@alfa.example', `/api/reports?campaignId=${C_CLOSED}`)).json().reports).toEqual([]);
    expect((await get('bruno@beta.example', `/api/reports?campaignId=${C_REPORT}`)).statusCode).toBe(404);
    expect((await get('anna@alfa.example', `/api/reports?campaignId=x`)).statusCode).toBe(400);
  });

  it('runs a document as the caller’s PDF, never one kept for assessors', async () => {
    const own = await get('anna@alfa.example', `/api/reports/12/run/${C_REPORT}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-disposition']).toContain('Report-individuale-Test-Anna.pdf');
    expect(pdfText(own.rawPayload)).toContain('Report individuale');
    expect((await get('anna@alfa.example', `/api/reports/11/run/${C_REPORT}`)).statusCode).toBe(404);
    expect((await get('ester@alfa.example', `/api/reports/11/run/${C_REPORT}/${id('anna@alfa.example')}`)).statusCode).toBe(200);
    expect((await get('piero@alfa.example', `/api/reports/12/run/${C_REPORT}/${id('anna@alfa.example')}`)).statusCode).toBe(403);
  });
});

describe('360 results in the report', () => {
  it('groups the raters and never shows a group below the threshold', async () => {
    const anna = id('anna@alfa.example');
    const rows = [
      { evaluator: 'anna@alfa.example', value: 5, text: 'Mi impegno.' },
      { evaluator: 'r1@alfa.example', value: 4, text: 'Ascolta di più.' },
      { evaluator: 'r2@alfa.example', value: 3, text: null },
      { evaluator: 'r3@alfa.example', value: 2, text: 'Brava.' },
      { evaluator: 'r4@alfa.example', value: 1, text: null },
    ];
    const userIds = new Map(
      (await t.app.database.db.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id] as const),
    );
    for (const row of rows) {
      const base = {
        campaign_id: C_360,
        evaluee_id: anna,
        evaluator_id: userIds.get(row.evaluator)!,
        answer_id: 0,
        updated_at: '2026-03-01T10:00:00.000Z',
      };
      await t.app.database.db
        .insertInto('answers360')
        .values({ ...base, question_id: 1, value: row.value, text_value: null })
        .execute();
      if (row.text)
        await t.app.database.db
          .insertInto('answers360')
          .values({ ...base, question_id: 90, value: null, text_value: row.text })
          .execute();
    }
    const res = await get('anna@alfa.example', personalUrl(C_360, 'anna@alfa.example'));
    expect(res.statusCode).toBe(200);
    const { results360, rep } = res.json().result;
    expect(rep.areas).toEqual([]);
    // Peers 4, 3, 2 shown; the manager alone is never shown, and so neither is the mean of all four.
    expect(results360.questions).toEqual([
      { id: 1, text: 'Ascolta', means: { self: 5, 'relation:2': 3 }, raters: { self: 1, 'relation:2': 3 } },
    ]);
    expect(results360.groups.map((g: { key: string }) => g.key)).toEqual(['self', 'relation:2']);
    expect(results360.comments).toEqual([{ id: 90, text: 'Un consiglio?', self: ['Mi impegno.'], others: ['Ascolta di più.', 'Brava.'] }]);
  });
});

describe("a campaign's report model", () => {
  // Read once per campaign, not with each participation, and kept: a new import of it must show at once.
  it('is the one the last import gave, from the next report on', async () => {
    const feedbackOfThinking = async () => {
      const res = await get('anna@alfa.example', personalUrl(C_REPORT, 'anna@alfa.example'));
      expect(res.statusCode).toBe(200);
      return res.json().result.rep.areas.find((a: { id: number }) => a.id === 1).feedback;
    };
    expect(await feedbackOfThinking()).toBe('Area solida.');
    const thinking = { ...model.areas[0], feedback: { '3': { IT_it: 'Area molto solida.', EN_en: 'Very solid.' } } };
    const changed = { ...model, areas: [thinking, ...model.areas.slice(1)] };
    const reimport = (m: object) =>
      importBundle(t.database, { ...bundle, campaigns: bundle.campaigns.map((c) => (c.id === C_REPORT ? { ...c, model: m } : c)) });
    try {
      expect((await reimport(changed)).ok).toBe(true);
      expect(await feedbackOfThinking()).toBe('Area molto solida.');
    } finally {
      expect((await reimport(model)).ok).toBe(true);
    }
  });
});
