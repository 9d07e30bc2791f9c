import ExcelJS from 'exceljs';
import { personalDataSchema } from '@prova/contract/personal-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from '../../../../../test/build-test-app';
import { readZip } from '../../../../content/zip-files';

// Gendered words (`[[male|female|neutral]]`) in what is downloaded: a person's own data speaks of them, so the
// campaign, test and privacy texts in it follow their gender, whoever downloads it; a campaign's results, about
// everyone at once, name its texts in the neutral form, in its columns and in its file's name.

const PASSWORD = 'Segreta-2026';
const ALFA = 'Alfa S.r.l.';
const C_WELCOME = 6301;
const T_FIRST = 501;
const ADMIN = 'ada@alfa.example';
const people = [
  { email: 'marco@alfa.example', firstName: 'Marco', gender: 'M' },
  { email: 'giulia@alfa.example', firstName: 'Giulia', gender: 'F' },
  { email: 'andrea@alfa.example', firstName: 'Andrea' },
];

const bundle = {
  version: 1,
  companies: [{ name: ALFA }],
  users: [
    { company: ALFA, email: ADMIN, password: PASSWORD, firstName: 'Ada', lastName: 'Admin', role: 'admin', privacy: true },
    // Each consents on the platform, to the campaign's own privacy text.
    ...people.map((p) => ({ company: ALFA, password: PASSWORD, lastName: 'Test', privacy: false, ...p })),
  ],
  tests: [
    {
      id: T_FIRST,
      abbreviation: 'PRI',
      name: 'Primi passi [[del nuovo assunto|della nuova assunta|di chi arriva]]',
      url: '/activities/first/',
      jsonData: {},
    },
  ],
  campaigns: [
    {
      id: C_WELCOME,
      company: ALFA,
      name: 'Percorso per [[il nuovo assunto|la nuova assunta|chi è appena arrivato]]',
      dateStart: '2026-01-01T00:00:00+01:00',
      dateEnd: '2030-12-31T23:59:00+01:00',
      privacyAgreement: { IT_it: '<p>[[Informato|Informata|Dopo aver letto]], acconsenti al trattamento.</p>' },
      tests: [{ test: T_FIRST }],
      participants: people.map((p) => ({ user: p.email, lang: 'IT_it' })),
      model: {
        areas: [{ id: 1, name: 'Autonomia' }],
        skills: [{ id: 10, areaId: 1, name: 'Organizzazione' }],
        markers: [{ id: 100, skillId: 10, name: 'Lavora [[da solo|da sola|in autonomia]]' }],
        tasks: [{ id: 1, markerId: 100, test: T_FIRST, outcome: 'ordine', min: 1, max: 5 }],
      },
    },
  ],
};

let t: TestApp;
let admin: string;
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await buildTestApp(bundle);
  admin = await login(t.app, ADMIN, PASSWORD);
  for (const { email } of people) {
    const cookie = await login(t.app, email, PASSWORD);
    const id = (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).json().user.id as number;
    ids.set(email, id);
    const post = (url: string) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload: {} });
    expect((await post(`/api/usercampaign/${C_WELCOME}`)).statusCode).toBe(200);
    expect((await post('/api/auth/privacy/giveConsent')).statusCode).toBe(200);
    expect((await post(`/api/tests/${T_FIRST}/start/${C_WELCOME}/${id}`)).statusCode).toBe(200);
  }
});
afterAll(() => t.close());

/** The person's data as staff download it for them. */
async function personalData(email: string) {
  const res = await t.app.inject({ url: `/api/people/${ids.get(email)}/data-export`, headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(200);
  const zip = await readZip(res.rawPayload);
  if (!zip.ok) throw new Error(zip.problems.join('\n'));
  return personalDataSchema.parse(JSON.parse(Buffer.from(zip.files.get('data.json')!).toString('utf8')));
}

describe("a person's data export", () => {
  it("names the campaign, the test and the privacy text accepted in a man's and a woman's gender", async () => {
    const marco = await personalData('marco@alfa.example');
    expect(marco.campaigns.map((c) => c.name)).toEqual(['Percorso per il nuovo assunto']);
    expect(marco.tests.map((c) => c.testName)).toEqual(['Primi passi del nuovo assunto']);
    expect(marco.consents.map((c) => [c.campaignName, c.text])).toEqual([
      ['Percorso per il nuovo assunto', '<p>Informato, acconsenti al trattamento.</p>'],
    ]);
    const giulia = await personalData('giulia@alfa.example');
    expect(giulia.campaigns.map((c) => c.name)).toEqual(['Percorso per la nuova assunta']);
    expect(giulia.tests.map((c) => c.testName)).toEqual(['Primi passi della nuova assunta']);
    expect(giulia.consents.map((c) => c.text)).toEqual(['<p>Informata, acconsenti al trattamento.</p>']);
  });

  it('takes the neutral form for a person whose gender is not known, in the file and on their account page', async () => {
    const andrea = await personalData('andrea@alfa.example');
    expect(andrea.campaigns.map((c) => c.name)).toEqual(['Percorso per chi è appena arrivato']);
    expect(andrea.tests.map((c) => c.testName)).toEqual(['Primi passi di chi arriva']);
    expect(JSON.stringify(andrea)).not.toContain('[[');
    const giulia = await login(t.app, 'giulia@alfa.example', PASSWORD);
    const page = (await t.app.inject({ url: '/api/me/data', headers: { cookie: giulia } })).json();
    expect(page.consents.map((c: { campaign: { name: string } }) => c.campaign.name)).toEqual(['Percorso per la nuova assunta']);
  });
});

/** A campaign's results as staff download them. */
async function campaignExport(format: 'csv' | 'xlsx') {
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/staff/campaigns/${C_WELCOME}/exports`,
    headers: { cookie: admin },
    payload: { format },
  });
  expect(started.statusCode, started.body).toBe(202);
  const id = started.json().job.id as string;
  await t.app.staffJobs.idle();
  const job = (await t.app.inject({ url: `/api/staff/jobs/${id}`, headers: { cookie: admin } })).json().job;
  const file = await t.app.inject({ url: `/api/staff/jobs/${id}/file`, headers: { cookie: admin } });
  expect(file.statusCode).toBe(200);
  return { name: job.file.name as string, file };
}

describe("a campaign's results export", () => {
  it("names the campaign and the model's texts in the neutral form: its columns are about no one person", async () => {
    const csv = await campaignExport('csv');
    expect(csv.name).toBe('Percorso per chi è appena arrivato - results.csv');
    const header = csv.file.body.slice(1).split('\r\n')[0];
    expect(header).toContain('Lavora in autonomia');
    expect(csv.file.body).not.toContain('[[');

    const xlsx = await campaignExport('xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Percorso per chi è appena arrivato'.slice(0, 31));
    const titles = (sheet.getRow(1).values as unknown[]).filter((v): v is string => typeof v === 'string');
    expect(titles.some((title) => title.endsWith('Lavora in autonomia'))).toBe(true);
    expect(titles.join(' ')).not.toContain('[[');
  });
});
