import { personalDataSchema, type PersonalData } from '@prova/contract/personal-data';
import { pdfText } from '@prova/test-support/pdf-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../../test/build-test-app';
import { readZip } from '../../../content/zip-files';
import { importBundle } from '../../../import/import-bundle';

// The person's data export (issue 52) through the real API: two people of two companies take tests, are rated,
// rate each other in a 360, have their reports read by others and give consents; each then takes their data with
// them, and finds in it what was written about them and nothing of anybody else.

const PASSWORD = 'Segreta-2026';
const ALFA = 'Alfa S.r.l.';
const BETA = 'Beta S.p.A.';
const C_MAIN = 8101;
const C_360 = 8102;
const C_BETA = 8103;

const person = (email: string, firstName: string, lastName: string, fields: object = {}) => ({
  company: ALFA,
  email,
  password: PASSWORD,
  firstName,
  lastName,
  privacy: true,
  ...fields,
});
// Names no other text of the fixture holds, so that finding one in an export means a person's data leaked.
const ANNA = 'anna@alfa.example'; // gives her consent on the platform
const PIERO = 'piero@alfa.example';
const ESTER = 'ester@alfa.example';
const SOFIA = 'sofia@alfa.example';
const BRUNO = 'bruno@beta.example';
const BERTA = 'berta@beta.example';
const RATERS = ['r1@alfa.example', 'r2@alfa.example', 'r3@alfa.example'];
const MANAGER = 'capo@alfa.example';
const OTHERS = [PIERO, ESTER, SOFIA, BRUNO, BERTA, ...RATERS, MANAGER];
const LAST_NAMES: Record<string, string> = {
  [ANNA]: 'Quaglierini',
  [PIERO]: 'Bortolazzi',
  [ESTER]: 'Valutatrice',
  [SOFIA]: 'Amministra',
  [BRUNO]: 'Brunetti',
  [BERTA]: 'Bertolini',
  [RATERS[0]]: 'Primorater',
  [RATERS[1]]: 'Secondorater',
  [RATERS[2]]: 'Terzorater',
  [MANAGER]: 'Capufficio',
};

const model = {
  areas: [{ id: 1, name: 'Pensiero' }],
  skills: [{ id: 10, areaId: 1, name: 'Analisi' }],
  markers: [{ id: 100, skillId: 10, name: 'Legge i dati' }],
  tasks: [
    { id: 1, markerId: 100, test: 101, outcome: 'score', min: 0, max: 100 },
    { id: 2, markerId: 100, test: 201, outcome: 'ascolto', min: 1, max: 5 },
  ],
};
const member = (user: string) => ({ user, lang: 'IT_it' });
const PRIVACY_V1 = { IT_it: '<p>Informativa sulla privacy, prima versione.</p>' };
const PRIVACY_V2 = { IT_it: '<p>Informativa sulla privacy, seconda versione.</p>' };

const bundle = (privacy = PRIVACY_V1) => ({
  version: 1,
  companies: [{ name: ALFA }, { name: BETA }],
  users: [
    person(ANNA, 'Annunziata', LAST_NAMES[ANNA], { privacy: false }),
    person(PIERO, 'Pierangelo', LAST_NAMES[PIERO]),
    person(ESTER, 'Esterina', LAST_NAMES[ESTER], { role: 'Assessor' }),
    person(SOFIA, 'Sofronia', LAST_NAMES[SOFIA], { role: 'admin' }),
    person(MANAGER, 'Capitolina', LAST_NAMES[MANAGER]),
    ...RATERS.map((r, i) => person(r, `Raterina${i}`, LAST_NAMES[r])),
    person(BRUNO, 'Brunilde', LAST_NAMES[BRUNO], { company: BETA, privacy: false }),
    person(BERTA, 'Bertarda', LAST_NAMES[BERTA], { company: BETA, role: 'admin' }),
  ],
  tests: [
    {
      id: 101,
      abbreviation: 'RAG',
      name: 'Ragionamento',
      url: '/activities/numerical/',
      jsonData: {},
      algorithm: "function computeOutcomes(d) { return [{ questionId: 'score', value: d.answers.q1 === 'a' ? 80 : 10 }]; }",
    },
    { id: 201, abbreviation: 'COL', name: 'Colloquio', url: '/activities/interview-grid/', jsonData: {} },
    { id: 360, abbreviation: 'FBK', name: 'Feedback 360', url: '/skillup-360', jsonData: {} },
    { id: 901, abbreviation: 'BET', name: 'Beta', url: '/activities/beta/', jsonData: {} },
  ],
  campaigns: [
    {
      id: C_MAIN,
      company: ALFA,
      name: 'Selezione analisti',
      dateStart: '2026-01-01T00:00:00+01:00',
      dateEnd: '2027-12-31T23:59:00+01:00',
      report: { allowEarlyDownload: true },
      privacyAgreement: privacy,
      tests: [{ test: 101 }, { test: 201 }],
      participants: [ANNA, PIERO, ESTER, SOFIA].map(member),
      assessments: [{ assessor: ESTER, assessed: [ANNA, PIERO], tests: [201] }],
      model,
    },
    {
      id: C_360,
      company: ALFA,
      name: 'Feedback di squadra',
      dateStart: '2026-01-01T00:00:00+01:00',
      dateEnd: '2027-12-31T23:59:00+01:00',
      report: { allowEarlyDownload: true },
      is360: true,
      selfEvaluation: true,
      scale360: { notObserved: true },
      tests: [{ test: 360 }],
      participants: [ANNA, PIERO, MANAGER, ...RATERS].map(member),
      relations360: [
        { evaluator: ANNA, evaluee: ANNA, relationId: 3, label: 'Autovalutazione' },
        ...[...RATERS, PIERO].map((r) => ({ evaluator: r, evaluee: ANNA, relationId: 2, label: 'Collega' })),
        // One manager alone: under the threshold, never shown on its own.
        { evaluator: MANAGER, evaluee: ANNA, relationId: 1, label: 'Responsabile' },
        { evaluator: ANNA, evaluee: PIERO, relationId: 2, label: 'Collega' },
      ],
      questions360: { closed: [{ id: 1, text: 'Ascolta' }], open: [{ id: 90, text: 'Un consiglio?' }] },
    },
    {
      id: C_BETA,
      company: BETA,
      name: 'Beta',
      dateStart: '2026-01-01T00:00:00+01:00',
      dateEnd: '2027-12-31T23:59:00+01:00',
      report: { allowEarlyDownload: true },
      tests: [{ test: 901 }],
      participants: [member(BRUNO), member(BERTA)],
    },
  ],
});

let t: TestApp;
const cookies = new Map<string, string>();
const ids = new Map<string, number>();

async function as(email: string, campaignId?: number) {
  if (!cookies.has(email)) {
    const cookie = await login(t.app, email, PASSWORD);
    cookies.set(email, cookie);
    ids.set(email, (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user.id);
  }
  const cookie = cookies.get(email)!;
  if (campaignId) await t.app.inject({ method: 'POST', url: `/api/usercampaign/${campaignId}`, headers: { cookie }, payload: {} });
  return cookie;
}
const id = (email: string) => ids.get(email)!;
const get = async (email: string, url: string) => t.app.inject({ url, headers: { cookie: await as(email) } });
const post = async (email: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: await as(email) }, payload });

async function unzip(body: Buffer) {
  const read = await readZip(body);
  if (!read.ok) throw new Error(read.problems.join('\n'));
  const data = personalDataSchema.parse(JSON.parse(Buffer.from(read.files.get('data.json')!).toString('utf8')));
  const pdfs = [...read.files].filter(([path]) => path.startsWith('reports/'));
  return {
    data,
    files: read.files,
    text: [Buffer.from(read.files.get('data.json')!).toString('utf8'), ...pdfs.map(([, b]) => pdfText(Buffer.from(b)))],
  };
}
async function exportOf(email: string) {
  const res = await get(email, '/api/me/data-export');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return unzip(res.rawPayload);
}

/** Nothing of these people in any file of the export: no e-mail, no last name. */
function expectNobodyElse(texts: string[], people: string[]) {
  for (const text of texts) {
    for (const email of people) {
      expect(text).not.toContain(email);
      expect(text).not.toContain(LAST_NAMES[email]);
    }
  }
}

beforeAll(async () => {
  t = await buildTestApp(bundle());
  for (const email of [ANNA, PIERO, ESTER, SOFIA, MANAGER, ...RATERS, BRUNO, BERTA]) await as(email);
  // Anna and Bruno consent on the platform.
  await as(ANNA, C_MAIN);
  expect((await post(ANNA, '/api/auth/privacy/giveConsent', {})).statusCode).toBe(200);
  await as(ANNA, C_360);
  expect((await post(ANNA, '/api/auth/privacy/giveConsent', {})).statusCode).toBe(200);
  await as(BRUNO, C_BETA);
  expect((await post(BRUNO, '/api/auth/privacy/giveConsent', {})).statusCode).toBe(200);

  // Tests: Anna's and Piero's progress and outcomes; Ester rates both.
  for (const [email, answer] of [
    [ANNA, 'a'],
    [PIERO, 'b'],
  ] as const) {
    await as(email, C_MAIN);
    // Opened in the room first, as a person does: the test records the language it is taken in.
    expect((await post(email, `/api/tests/101/start/${C_MAIN}/${id(email)}`, {})).statusCode).toBe(200);
    await post(email, `/api/tests/101/data/${C_MAIN}/${id(email)}`, { version: 1, data: { answers: { q1: answer } } });
    await post(email, `/api/outcomes/${C_MAIN}/101/${id(email)}`, { values: [{ questionId: 'score', value: 99 }] });
  }
  await as(ESTER, C_MAIN);
  expect(
    (await post(ESTER, `/api/tests/201/assessedOutcomes/${C_MAIN}/${id(ANNA)}`, { values: [{ questionId: 'ascolto', value: 4 }] }))
      .statusCode,
  ).toBe(200);
  await post(ESTER, `/api/tests/201/assessedOutcomes/${C_MAIN}/${id(PIERO)}`, { values: [{ questionId: 'ascolto', value: 1 }] });
  await as(BRUNO, C_BETA);
  await post(BRUNO, `/api/tests/901/data/${C_BETA}/${id(BRUNO)}`, { version: 1, data: { bruno: 'segreto-di-bruno' } });
  await t.app.scoring.idle();

  // The 360: Anna rates herself and Piero; four colleagues and a manager rate Anna.
  const rate = async (email: string, evaluee: string, value: number | 'not-observed', open?: string) => {
    await as(email, C_360);
    const res = await post(email, `/api/tests/360/data/${C_360}/${id(evaluee)}`, {
      version: 1,
      data: { closed: { '1': value }, ...(open ? { open: { '90': open } } : {}) },
      finished: true,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  await rate(ANNA, ANNA, 4, 'Mi dico di ascoltare di più.');
  await rate(ANNA, PIERO, 'not-observed', 'Consiglio di Anna a Piero.');
  for (const [i, r] of [...RATERS, PIERO].entries()) await rate(r, ANNA, 3 + (i % 2), `Consiglio numero ${i}.`);
  await rate(MANAGER, ANNA, 1, 'Parere del responsabile.');

  // Logs of both companies.
  await post(ANNA, '/api/logs', { data: '{"event":"log-di-anna"}' });
  await post(BRUNO, '/api/logs', { data: '{"event":"log-di-bruno"}' });

  // Ester opens Anna's report, Sofia downloads it; Anna reads her own (not recorded).
  expect((await get(ESTER, `/api/report/${C_MAIN}/individual/personal/${id(ANNA)}`)).statusCode).toBe(200);
  expect((await get(SOFIA, `/api/staff/campaigns/${C_MAIN}/participants/${id(ANNA)}/report.pdf`)).statusCode).toBe(200);
  await as(ANNA, C_MAIN);
  expect((await get(ANNA, `/api/report/${C_MAIN}/individual/personal/${id(ANNA)}`)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/me/data-export', () => {
  let anna: { data: PersonalData; files: Map<string, Uint8Array>; text: string[] };
  beforeAll(async () => {
    anna = await exportOf(ANNA);
  });

  it('holds the person, their company and campaigns', () => {
    const { data } = anna;
    expect(data.person).toMatchObject({
      id: id(ANNA),
      email: ANNA,
      firstName: 'Annunziata',
      lastName: 'Quaglierini',
      consentDeclaredByCompany: false,
    });
    expect(data.company.name).toBe(ALFA);
    expect(data.campaigns.map((c) => [c.id, c.name, c.is360])).toEqual([
      [C_MAIN, 'Selezione analisti', false],
      [C_360, 'Feedback di squadra', true],
    ]);
    expect(data.campaigns[0].privacyConsentAt).toEqual(expect.any(String));
  });

  it('holds each consent with the text accepted, its version and date', () => {
    expect(anna.data.consents).toEqual([
      {
        campaignId: C_MAIN,
        campaignName: 'Selezione analisti',
        version: expect.any(Number),
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        acceptedAt: expect.any(String),
        text: PRIVACY_V1.IT_it,
      },
      expect.objectContaining({ campaignId: C_360, campaignName: 'Feedback di squadra', acceptedAt: expect.any(String) }),
    ]);
  });

  it("holds the tests' progress data and outcomes as written, the assessor's rating without the assessor", () => {
    const { data } = anna;
    expect(data.tests).toEqual([
      expect.objectContaining({
        campaignId: C_MAIN,
        testId: 101,
        testName: 'Ragionamento',
        version: 1,
        data: { answers: { q1: 'a' } },
        lang: 'IT_it',
      }),
      expect.objectContaining({ campaignId: C_360, testId: 360, status: 'complete' }),
    ]);
    const values = data.outcomes.map((o) => [o.testId, o.source, o.values]);
    expect(values).toEqual(
      expect.arrayContaining([
        [101, 'client', [{ questionId: 'score', value: 99 }]],
        [101, 'server', [{ questionId: 'score', value: 80 }]],
        [201, 'assessor', [{ questionId: 'ascolto', value: 4 }]],
      ]),
    );
    expect(values).toHaveLength(3);
  });

  it('holds the 360 answers she gave, the colleague she rated unnamed, and of those about her only the groups over the threshold', () => {
    const { data } = anna;
    // Her 'Non osservato' about Piero is said as such, not left as an empty value.
    expect(data.answers360Given.map((a) => [a.rated, a.relation, a.questionId, a.value, a.textValue, a.notObserved])).toEqual([
      ...(id(ANNA) < id(PIERO)
        ? [
            ['self', null, 1, 4, null, false],
            ['self', null, 90, null, 'Mi dico di ascoltare di più.', false],
            ['colleague-1', 'Collega', 1, null, null, true],
            ['colleague-1', 'Collega', 90, null, 'Consiglio di Anna a Piero.', false],
          ]
        : [
            ['colleague-1', 'Collega', 1, null, null, true],
            ['colleague-1', 'Collega', 90, null, 'Consiglio di Anna a Piero.', false],
            ['self', null, 1, 4, null, false],
            ['self', null, 90, null, 'Mi dico di ascoltare di più.', false],
          ]),
    ]);
    const report360 = data.reports.find((r) => r.campaignId === C_360)!;
    expect(report360.available).toBe(true);
    const results = (report360.values as { results360: { groups: { key: string }[] } }).results360;
    // Self and the four colleagues; the lone manager's rating is nowhere on its own.
    expect(results.groups.map((g) => g.key)).toEqual(expect.arrayContaining(['self', 'relation:2']));
    expect(results.groups.map((g) => g.key)).not.toContain('relation:1');
    expect(JSON.stringify(results)).not.toContain('Responsabile');
  });

  it('holds her report values and PDFs', async () => {
    const { data, files } = anna;
    const main = data.reports.find((r) => r.campaignId === C_MAIN)!;
    expect(main).toMatchObject({ available: true, pdf: `reports/report-${C_MAIN}.pdf` });
    // The same report her report page gives.
    const page = (await get(ANNA, `/api/report/${C_MAIN}/individual/personal/${id(ANNA)}`)).json().result;
    expect((main.values as { rep: unknown }).rep).toEqual(page.rep);
    const pdf = pdfText(Buffer.from(files.get(main.pdf!)!));
    expect(pdf).toContain('Annunziata');
    expect([...files.keys()].sort()).toEqual(['data.json', `reports/report-${C_MAIN}.pdf`, `reports/report-${C_360}.pdf`].sort());
  });

  it('lists who opened and downloaded her report (not her own reads)', () => {
    expect(anna.data.reportViews.map((v) => [v.kind, v.viewer.firstName, v.viewer.role, v.campaign.id])).toEqual([
      ['downloaded', 'Sofronia', 'staff', C_MAIN],
      ['opened', 'Esterina', 'assessor', C_MAIN],
    ]);
  });

  it('holds her sign-ins and logs', () => {
    expect(anna.data.signIns.sessions.length).toBeGreaterThan(0);
    // Her own sign-in from the audit trail; nobody else's (everyone signed in before the export).
    expect(anna.data.signIns.events).toEqual([{ at: expect.any(String), event: 'sign-in', ip: expect.any(String) }]);
    expect(anna.data.logs).toEqual([expect.objectContaining({ data: { event: 'log-di-anna' } })]);
  });

  it("holds nothing of anybody else: no other person's e-mail, name or data in the JSON or the PDFs", () => {
    // The staff and assessor who read her report are named there, as the issue asks, and nowhere else.
    const { reportViews, ...rest } = anna.data;
    expect(JSON.stringify(reportViews)).toContain(LAST_NAMES[ESTER]);
    expectNobodyElse([JSON.stringify(rest), ...anna.text.slice(1)], OTHERS);
    expectNobodyElse(
      anna.text,
      OTHERS.filter((e) => e !== ESTER && e !== SOFIA),
    );
    for (const text of anna.text) {
      expect(text).not.toContain('segreto-di-bruno');
      expect(text).not.toContain('log-di-bruno');
      expect(text).not.toContain('Pierangelo');
    }
    // Piero's own answers (b) and outcomes (1) are not in hers.
    expect(anna.data.tests.every((t) => JSON.stringify(t.data) !== JSON.stringify({ answers: { q1: 'b' } }))).toBe(true);
  });

  it("gives another company's person their own data only", async () => {
    const bruno = await exportOf(BRUNO);
    expect(bruno.data.person.email).toBe(BRUNO);
    expect(bruno.data.company.name).toBe(BETA);
    expect(bruno.data.tests.map((x) => x.data)).toEqual([{ bruno: 'segreto-di-bruno' }]);
    expect(bruno.data.consents.map((c) => c.campaignId)).toEqual([C_BETA]);
    expect(bruno.data.reportViews).toEqual([]);
    expectNobodyElse(bruno.text, [ANNA, ...OTHERS.filter((e) => e !== BRUNO && e !== BERTA), BERTA]);
    for (const text of bruno.text) expect(text).not.toContain('log-di-anna');
  });

  it('gives a person ten exports a minute', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await get(BERTA, '/api/me/data-export')).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('answers 401 to nobody signed in', async () => {
    expect((await t.app.inject({ url: '/api/me/data-export' })).statusCode).toBe(401);
  });
});

describe('GET /api/me/data', () => {
  it('gives the account page who saw the report and the consents', async () => {
    const res = await get(ANNA, '/api/me/data');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.reportViews.map((v: { kind: string; viewer: { lastName: string } }) => [v.kind, v.viewer.lastName])).toEqual([
      ['downloaded', LAST_NAMES[SOFIA]],
      ['opened', LAST_NAMES[ESTER]],
    ]);
    expect(body.consents.map((c: { campaign: { id: number } }) => c.campaign.id)).toEqual([C_MAIN, C_360]);
    expect(body.consentDeclaredByCompany).toBe(false);
    expect((await get(PIERO, '/api/me/data')).json()).toMatchObject({ reportViews: [], consents: [], consentDeclaredByCompany: true });
  });
});

describe('GET /api/people/:id/data-export', () => {
  it('gives staff the same file for a person of their company, and audits it', async () => {
    const res = await get(SOFIA, `/api/people/${id(ANNA)}/data-export`);
    expect(res.statusCode).toBe(200);
    const { data } = await unzip(res.rawPayload);
    expect(data.person.email).toBe(ANNA);
    expect(data.tests).toEqual((await exportOf(ANNA)).data.tests);
    const trail = await t.app.repos.audit.list({ events: ['staff-personal-data-exported'] }, { limit: 10, offset: 0 });
    expect(trail.map((e) => [e.actor_id, e.subject_user_id, e.target])).toEqual([[id(SOFIA), id(ANNA), `people/${id(ANNA)}`]]);
  });

  it("does not find another company's person", async () => {
    expect((await get(SOFIA, `/api/people/${id(BRUNO)}/data-export`)).statusCode).toBe(404);
    expect((await get(BERTA, `/api/people/${id(ANNA)}/data-export`)).statusCode).toBe(404);
    expect((await get(BERTA, `/api/people/${id(BRUNO)}/data-export`)).statusCode).toBe(200);
  });

  it('refuses a candidate', async () => {
    expect((await get(PIERO, `/api/people/${id(ANNA)}/data-export`)).statusCode).toBe(403);
  });
});

describe('a changed privacy text', () => {
  it('asks again at the next sign-in, and records the new version beside the old', async () => {
    const changed = await importBundle(t.database, bundle(PRIVACY_V2));
    if (!changed.ok) throw new Error(changed.problems.join('\n'));
    const headers = { cookie: await login(t.app, ANNA, PASSWORD) };
    // The other campaign's text did not change: no new question there.
    await t.app.inject({ method: 'POST', url: `/api/usercampaign/${C_360}`, headers, payload: {} });
    expect((await t.app.inject({ url: '/api/usercampaign', headers })).json().campaign.privacy).toBe(true);
    await t.app.inject({ method: 'POST', url: `/api/usercampaign/${C_MAIN}`, headers, payload: {} });
    expect((await t.app.inject({ url: '/api/usercampaign', headers })).json().campaign.privacy).toBe(false);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/tests/101/data/${C_MAIN}/${id(ANNA)}`,
      headers,
      payload: { version: 2, data: { answers: { q1: 'a' } } },
    });
    expect(refused.json().code).toBe('NO_PRIVACY_CONSENT');
    expect((await t.app.inject({ url: '/api/auth/privacy/agreement', headers })).json().privacy).toBe(PRIVACY_V2.IT_it);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/privacy/giveConsent', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/usercampaign', headers })).json().campaign.privacy).toBe(true);

    const { data } = await exportOf(ANNA);
    const main8101 = data.consents.filter((c) => c.campaignId === C_MAIN);
    expect(main8101.map((c) => c.text)).toEqual([PRIVACY_V1.IT_it, PRIVACY_V2.IT_it]);
    expect(main8101[1].version).toBeGreaterThan(main8101[0].version);
    expect(main8101[1].hash).not.toBe(main8101[0].hash);
  });
});
