import { pdfText } from '@prova/test-support/pdf-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../../test/build-test-app';
import { importBundle } from '../../../import/import-bundle';

// A campaign with norms: the report gives the candidate's percentile and sten against each norm group.

const PASSWORD = 'Segreta-2026';
const GAMMA = 'Gamma S.r.l.';
const LEA = 'lea@gamma.example';
const ADMIN = 'ada@gamma.example';
const C_NORMED = 7101;
const person = (email: string, firstName: string, lang = 'IT_it') => ({
  company: GAMMA,
  email,
  password: PASSWORD,
  firstName,
  lastName: 'Norma',
  privacy: true,
  lang,
});
const campaign = (status: string) => ({
  id: C_NORMED,
  company: GAMMA,
  name: 'Selezione',
  languages: ['IT_it', 'EN_en'],
  dateStart: '2026-01-01T00:00:00+01:00',
  dateEnd: '2027-12-31T23:59:00+01:00',
  status,
  tests: [{ test: 301 }, { test: 302 }],
  participants: [{ user: LEA, lang: 'IT_it' }],
  norms: [81, 82],
});
const bundle = (status: string) => ({
  version: 2,
  companies: [{ name: GAMMA }],
  users: [person(LEA, 'Lea'), { ...person(ADMIN, 'Ada'), role: 'admin' }],
  tests: [
    { id: 301, abbreviation: 'NUMN', name: 'Numerico', url: '/activities/numerical/' },
    { id: 302, abbreviation: 'ADAP', name: 'Adattivo', url: '/activities/numerical/' },
  ],
  norms: [
    { id: 81, name: { IT_it: 'Laureati', EN_en: 'Graduates' }, test: 301, outcome: 'score', mean: 50, sd: 10, n: 850 },
    { id: 82, name: 'Popolazione', test: 302, outcome: 'THETA', mean: 0, sd: 1, n: 1200 },
  ],
  campaigns: [campaign(status)],
});

let t: TestApp;
let cookie: string;
let lea: number;
beforeAll(async () => {
  t = await buildTestApp(bundle('ACTIVE'));
  cookie = await login(t.app, LEA, PASSWORD);
  lea = (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user.id;
  const outcomes = (test: number, values: object[]) =>
    t.app.inject({ method: 'POST', url: `/api/outcomes/${C_NORMED}/${test}/${lea}`, headers: { cookie }, payload: { values } });
  expect((await outcomes(301, [{ questionId: 'score', value: 62 }])).statusCode).toBe(200);
  expect(
    (
      await outcomes(302, [
        { questionId: 'THETA', value: 0.2 },
        { questionId: 'SE', value: 0.3 },
      ])
    ).statusCode,
  ).toBe(200);
  const finished = await importBundle(t.database, bundle('REPORT'));
  if (!finished.ok) throw new Error(finished.problems.join('\n'));
});
afterAll(() => t.close());

describe('a report against norm groups', () => {
  it('gives the percentile and sten of each normed outcome on the report page', async () => {
    const res = await t.app.inject({ url: `/api/report/${C_NORMED}/page`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const { page } = res.json();
    expect(page.kind).toBe('individual');
    expect(page.report.norms).toEqual([
      // 62 on N(50, 10): z 1.2, Φ 0.8849 (table): percentile 88; sten round(2·1.2 + 5.5) = 8.
      { normId: 81, testId: 301, testName: 'Numerico', outcome: 'score', name: 'Laureati', n: 850, percentile: 88, sten: 8, band: null },
      // θ 0.2 ± SE 0.3 on N(0, 1): Φ(0.2) 0.5793 -> 58, sten 6; the band Φ(−0.1) 0.4602 to Φ(0.5) 0.6915.
      {
        normId: 82,
        testId: 302,
        testName: 'Adattivo',
        outcome: 'THETA',
        name: 'Popolazione',
        n: 1200,
        percentile: 58,
        sten: 6,
        band: { low: 46, high: 69 },
      },
    ]);
  });

  it('says what it means in the PDF', async () => {
    const res = await t.app.inject({ url: `/api/report/${C_NORMED}/individual/hr/${lea}/download`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Confronto con un gruppo di riferimento');
    expect(text).toContain("Il tuo risultato è pari o superiore a quello dell'88% del gruppo di riferimento «Laureati» (850 persone).");
    expect(text).toContain('tra il 46° e il 69° percentile');
  });
});

describe('the staff export of a campaign with norms', () => {
  it('has each normed outcome’s percentile and sten (and the band of THETA)', async () => {
    const admin = await login(t.app, ADMIN, PASSWORD);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/staff/campaigns/${C_NORMED}/exports`,
      headers: { cookie: admin },
      payload: { format: 'csv' },
    });
    expect(started.statusCode).toBe(202);
    await t.app.staffJobs.idle();
    const file = await t.app.inject({ url: `/api/staff/jobs/${started.json().job.id}/file`, headers: { cookie: admin } });
    const [header, ...rows] = file.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(','));
    const lea = rows.find((row) => row.includes(LEA))!;
    const cell = (column: string) => lea[header.indexOf(column)];
    expect(cell('NUMN.score Laureati (n 850) percentile')).toBe('88');
    expect(cell('NUMN.score Laureati (n 850) sten')).toBe('8');
    expect(cell('ADAP.THETA Popolazione (n 1200) percentile low')).toBe('46');
    expect(cell('ADAP.THETA Popolazione (n 1200) percentile high')).toBe('69');
  });
});
