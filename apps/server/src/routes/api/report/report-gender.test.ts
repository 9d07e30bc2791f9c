import { pdfText } from '@prova/test-support/pdf-text';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../../test/build-test-app';
import { importBundle } from '../../../import/import-bundle';

// The report speaks about its person: the model's `[[male|female|neutral]]` words follow their gender, in
// the report the page shows and in its PDF, and fall back to the neutral form when the gender is not known.

const PASSWORD = 'Segreta-2026';
const ALFA = 'Alfa S.r.l.';
const C_REPORT = 7101;
const people = [
  { email: 'marco@alfa.example', firstName: 'Marco', gender: 'M' },
  { email: 'giulia@alfa.example', firstName: 'Giulia', gender: 'F' },
  { email: 'andrea@alfa.example', firstName: 'Andrea' },
];

const campaign = (status: string) => ({
  id: C_REPORT,
  company: ALFA,
  name: 'Valutazione [[del nuovo assunto|della nuova assunta|di chi arriva]]',
  dateStart: '2026-01-01T00:00:00+01:00',
  dateEnd: '2027-12-31T23:59:00+01:00',
  status,
  tests: [{ test: 102 }],
  participants: people.map((p) => ({ user: p.email, lang: 'IT_it' })),
  model: {
    areas: [{ id: 1, name: 'Collaborazione', feedback: { '4': 'Lavora [[da solo|da sola|per conto proprio]] con costanza.' } }],
    skills: [{ id: 10, areaId: 1, name: 'Autonomia' }],
    markers: [
      {
        id: 100,
        skillId: 10,
        name: 'Costanza',
        feedback: { '4': { IT_it: 'È [[attento|attenta|attento o attenta]] ai dettagli.' } },
      },
    ],
    tasks: [{ id: 1, markerId: 100, test: 102, outcome: 'energia', min: 1, max: 5 }],
  },
});
const bundle = (status: string) => ({
  version: 1,
  companies: [{ name: ALFA }],
  users: people.map((p) => ({ company: ALFA, password: PASSWORD, lastName: 'Test', privacy: true, ...p })),
  tests: [{ id: 102, abbreviation: 'STI', name: 'Stili', url: '/activities/workstyles/', jsonData: {} }],
  campaigns: [campaign(status)],
});

let t: TestApp;
const cookies = new Map<string, { cookie: string; id: number }>();

beforeAll(async () => {
  t = await buildTestApp(bundle('ACTIVE'));
  for (const { email } of people) {
    const cookie = await login(t.app, email, PASSWORD);
    const id = (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user.id as number;
    cookies.set(email, { cookie, id });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/outcomes/${C_REPORT}/102/${id}`,
      headers: { cookie },
      payload: { values: [{ questionId: 'energia', value: 5 }] },
    });
    expect(sent.statusCode).toBe(200);
  }
  await t.app.scoring.idle();
  // Reports open once the campaign is over.
  const finished = await importBundle(t.database, bundle('REPORT'));
  if (!finished.ok) throw new Error(finished.problems.join('\n'));
});
afterAll(() => t.close());

async function reportOf(email: string) {
  const { cookie, id } = cookies.get(email)!;
  const page = await t.app.inject({ url: `/api/report/${C_REPORT}/individual/personal/${id}`, headers: { cookie } });
  expect(page.statusCode).toBe(200);
  const pdf = await t.app.inject({ url: `/api/report/${C_REPORT}/individual/hr/${id}/download`, headers: { cookie } });
  expect(pdf.statusCode).toBe(200);
  return { rep: page.json().result.rep, pdf: pdfText(pdf.rawPayload).replace(/\s+/g, ' ') };
}

describe("the report's gendered words", () => {
  it('speak of a man in the masculine, in the page and in the PDF', async () => {
    const { rep, pdf } = await reportOf('marco@alfa.example');
    expect(rep.areas[0].feedback).toBe('Lavora da solo con costanza.');
    expect(pdf).toContain('Lavora da solo con costanza.');
    expect(pdf).toContain('È attento ai dettagli.');
    expect(pdf).toContain('Valutazione del nuovo assunto');
    expect(pdf).not.toContain('[[');
  });

  it('speak of a woman in the feminine', async () => {
    const { rep, pdf } = await reportOf('giulia@alfa.example');
    expect(rep.areas[0].feedback).toBe('Lavora da sola con costanza.');
    expect(pdf).toContain('Lavora da sola con costanza.');
    expect(pdf).toContain('È attenta ai dettagli.');
    expect(pdf).toContain('Valutazione della nuova assunta');
  });

  it('use the neutral form when the gender is not known', async () => {
    const { pdf } = await reportOf('andrea@alfa.example');
    expect(pdf).toContain('Lavora per conto proprio con costanza.');
    expect(pdf).toContain('È attento o attenta ai dettagli.');
    expect(pdf).toContain('Valutazione di chi arriva');
  });
});
