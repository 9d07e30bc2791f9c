import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '@prova/test-support/pdf-text';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import {
  ADA,
  BEA,
  BEN,
  C_ALFA,
  C_ALFA_360,
  call,
  type Caller,
  CARLA,
  DARIO,
  ELIO,
  NADIA,
  SERGIO,
  signInStaff,
  STAFF_ALFA,
  staffBundle,
  T_INTERVIEW,
  T_SCORED,
  T_TIMED,
  userId,
} from '../../../../../test/staff-fixtures';

let t: TestApp;
let ada: Caller;
let sergio: Caller;
let bea: Caller;
let carla: Caller;
let elio: Caller;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await buildTestApp(staffBundle);
  [ada, sergio, bea, carla, elio] = await Promise.all([ADA, SERGIO, BEA, CARLA, ELIO].map((e) => signInStaff(t.app, e)));
  ids = Object.fromEntries(await Promise.all([CARLA, DARIO, NADIA, BEN].map(async (e) => [e, await userId(t.app, e)] as const)));
  // Carla finishes the scored test (the server scores 8 of 10) and Elio rates her 4 of 5 in the interview.
  await call(t.app, carla, 'POST', `/api/usercampaign/${C_ALFA}`, { lang: 'IT_it' });
  await call(t.app, elio, 'POST', `/api/usercampaign/${C_ALFA}`, { lang: 'IT_it' });
  expect((await call(t.app, carla, 'POST', `/api/outcomes/${C_ALFA}/${T_SCORED}/${ids[CARLA]}`, { values: [] })).statusCode).toBe(200);
  const rated = await call(t.app, elio, 'POST', `/api/tests/${T_INTERVIEW}/assessedOutcomes/${C_ALFA}/${ids[CARLA]}`, {
    values: [{ questionId: 'ascolto', value: 4 }],
  });
  expect(rated.statusCode).toBe(200);
  await t.app.scoring.idle();
});
afterAll(() => t.close());

const carlaCompletedAt = async () =>
  (
    await t.app.database.db
      .selectFrom('test_progress')
      .select('updated_at')
      .where('user_id', '=', ids[CARLA])
      .where('test_id', '=', T_SCORED)
      .executeTakeFirstOrThrow()
  ).updated_at;

/** An instant on Rome's clock, as the Italian export writes it (`dd/MM/yyyy HH:mm`) or ISO-like (`yyyy-MM-dd HH:mm`). */
function romeWallClock(iso: string, style: 'it' | 'iso' = 'it'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return style === 'it'
    ? `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`
    : `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** Starts an export, waits for its job, downloads the file. */
async function exportFile(who: Caller, format: 'csv' | 'xlsx', campaign = C_ALFA) {
  const started = await call(t.app, who, 'POST', `/api/staff/campaigns/${campaign}/exports`, { format });
  expect(started.statusCode, started.body).toBe(202);
  const id = started.json().job.id as string;
  await t.app.staffJobs.idle();
  const job = (await call(t.app, who, 'GET', `/api/staff/jobs/${id}`)).json().job;
  expect(job).toMatchObject({ kind: 'export', state: 'done', format, campaignId: campaign, file: { size: expect.any(Number) } });
  const file = await call(t.app, who, 'GET', `/api/staff/jobs/${id}/file`);
  expect(file.statusCode).toBe(200);
  return { id, job, file };
}

function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === separator) {
      row.push(field);
      field = '';
    } else if (!quoted && c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  return rows;
}

describe('exports', () => {
  it("writes one row per candidate in the staff member's language: Italian words, `;` and decimal commas, dates on the company's clock", async () => {
    const { file, job } = await exportFile(ada, 'csv');
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain('.csv');
    expect(job.file.name).toBe('Selezione 2026 - results.csv');
    expect(file.body.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = parseCsv(file.body.slice(1), ';');
    expect(header.slice(0, 10)).toEqual([
      'id',
      'Cognome',
      'Nome',
      'Email',
      'Ruolo',
      'Lingua',
      'Invitato/a il',
      'Ultima attività',
      'Attività completate',
      'Attività totali',
    ]);
    expect(header).toEqual(
      expect.arrayContaining([
        'SCO stato',
        'SCO completata il',
        'TIM stato',
        'SCO.score',
        'INT.ascolto',
        'indicatore 100 Calcolo',
        'competenza 10 Analisi',
        'area 1 Pensiero',
      ]),
    );
    // The campaign's candidates: its assessor (Elio) is no row of its results.
    expect(rows.map((r) => r[3])).toEqual([CARLA, DARIO, NADIA]);
    const row = (i: number) => Object.fromEntries(header.map((h, k) => [h, rows[i][k]]));
    expect(row(0)).toMatchObject({
      Nome: 'Carla',
      Ruolo: 'Candidato/a',
      Lingua: 'Italiano',
      'Attività completate': '1',
      'Attività totali': '3',
      'SCO stato': 'Completata',
      'TIM stato': 'Non iniziata',
      'SCO.score': '8',
      'INT.ascolto': '4',
      'indicatore 100 Calcolo': '4',
      'indicatore 101 Dialogo': '3,75',
      'competenza 10 Analisi': '3,875',
      'area 1 Pensiero': '3,875',
    });
    // Carla's completion on the company's clock (Europe/Rome unless it chose another).
    expect(row(0)['SCO completata il']).toBe(romeWallClock(await carlaCompletedAt()));
    // Dario has not entered the campaign: the language he reads, by its Italian name.
    expect(row(1)).toMatchObject({ 'SCO stato': 'Non iniziata', 'SCO.score': '', 'area 1 Pensiero': '', Lingua: 'Inglese' });
  });

  it('writes the same as an Excel file in English for an English-speaking staff member: numbers as numbers, dates as dates', async () => {
    const { file } = await exportFile(sergio, 'xlsx');
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const carla = Object.fromEntries(header.map((h, i) => [h, (sheet.getRow(2).values as unknown[])[i + 1]]));
    expect(carla).toMatchObject({
      'E-mail': CARLA,
      Role: 'Candidate',
      'SCO status': 'Completed',
      'SCO.score': 8,
      'skill 10 Analisi': 3.875,
    });
    const completed = carla['SCO completed on'];
    expect(completed).toBeInstanceOf(Date);
    // Excel has no time zone: the cell is the company's wall clock.
    expect((completed as Date).toISOString().slice(0, 16).replace('T', ' ')).toBe(romeWallClock(await carlaCompletedAt(), 'iso'));
    expect(sheet.getRow(2).getCell(header.indexOf('SCO completed on') + 1).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(sheet.rowCount).toBe(4);
  });

  it("puts the dates on the clock of the company's own time zone", async () => {
    const changed = await call(t.app, ada, 'PUT', `/api/companies/${STAFF_ALFA}`, { name: 'Alfa S.r.l.', timeZone: 'Asia/Tokyo' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().company.timeZone).toBe('Asia/Tokyo');
    try {
      const [header, carla] = parseCsv((await exportFile(ada, 'csv')).file.body.slice(1), ';');
      const tokyo = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', dateStyle: 'short', timeStyle: 'short' }).format(
        new Date(await carlaCompletedAt()),
      );
      expect(carla[header.indexOf('SCO completata il')]).toBe(tokyo.replace(',', ''));
    } finally {
      await call(t.app, ada, 'PUT', `/api/companies/${STAFF_ALFA}`, { name: 'Alfa S.r.l.', timeZone: 'Europe/Rome' });
    }
    const wrong = await call(t.app, ada, 'PUT', `/api/companies/${STAFF_ALFA}`, { name: 'Alfa S.r.l.', timeZone: 'Mars/Olympus' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ message: 'No valid time zone' })]));
  });

  it("adds a 360 campaign's evaluations given", async () => {
    const { file } = await exportFile(ada, 'csv', C_ALFA_360);
    const [header, carla] = parseCsv(file.body.slice(1), ';');
    const row = Object.fromEntries(header.map((h, i) => [h, carla[i]]));
    expect(row).toMatchObject({ Email: CARLA, 'Valutazioni 360 date': '0', 'Valutazioni 360 da dare': '2' });
  });

  it('says the language each test was taken in, as its opening recorded it, beside the one the campaign shows the person now', async () => {
    const languages = (langs: string[]) =>
      t.app.database.db
        .updateTable('campaigns')
        .set({ languages: JSON.stringify(langs) })
        .where('id', '=', C_ALFA)
        .execute();
    // Dario enters the campaign in Spanish while it offers Spanish, and opens the timed test.
    await languages(['IT_it', 'EN_en', 'ES_es']);
    const dario = await signInStaff(t.app, DARIO);
    expect((await call(t.app, dario, 'POST', `/api/usercampaign/${C_ALFA}`, { lang: 'ES_es' })).statusCode).toBe(200);
    expect((await call(t.app, dario, 'POST', `/api/tests/${T_TIMED}/start/${C_ALFA}/${ids[DARIO]}`)).statusCode).toBe(200);
    const rowOf = async (who: Caller, email: string) => {
      const [header, ...rows] = parseCsv((await exportFile(who, 'csv')).file.body.slice(1), ';');
      const row = rows.find((r) => r[header.indexOf('Email')] === email)!;
      return Object.fromEntries(header.map((h, i) => [h, row[i]]));
    };
    expect(await rowOf(ada, DARIO)).toMatchObject({ Lingua: 'Spagnolo', 'TIM lingua': 'Spagnolo', 'SCO lingua': '' });
    // The campaign stops offering Spanish: it would show him English now, but the test was taken in Spanish.
    await languages(['IT_it', 'EN_en']);
    expect(await rowOf(ada, DARIO)).toMatchObject({ Lingua: 'Inglese', 'TIM stato': 'In corso', 'TIM lingua': 'Spagnolo' });
    // The same in the English Excel file.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportFile(sergio, 'xlsx')).file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const header = values(1);
    const darioRow = [2, 3, 4].map(values).find((r) => r[header.indexOf('E-mail')] === DARIO)!;
    expect(Object.fromEntries(header.map((h, i) => [h, darioRow[i]]))).toMatchObject({
      Language: 'English',
      'TIM status': 'In progress',
      'TIM language': 'Spanish',
    });
    // An English CSV: `,` between fields and decimal points.
    const [enHeader, ...enRows] = parseCsv((await exportFile(sergio, 'csv')).file.body.slice(1), ',');
    const en = (email: string) => Object.fromEntries(enHeader.map((h, i) => [h, enRows.find((r) => r[3] === email)![i]]));
    expect(en(DARIO)).toMatchObject({ Language: 'English', 'TIM language': 'Spanish' });
    expect(en(CARLA)).toMatchObject({ 'SCO language': 'Italian', 'skill 10 Analisi': '3.875' });
    // Carla's scored test was completed by its outcomes, never opened: the language the campaign shows her.
    expect(await rowOf(ada, CARLA)).toMatchObject({ 'SCO stato': 'Completata', 'SCO lingua': 'Italiano' });

    // A Spanish-speaking staff member: Spanish words, `;` and decimal commas.
    const adaId = await userId(t.app, ADA);
    expect((await call(t.app, ada, 'PUT', `/api/people/${adaId}`, { lang: 'ES_es' })).statusCode).toBe(200);
    try {
      const [header, ...rows] = parseCsv((await exportFile(ada, 'csv')).file.body.slice(1), ';');
      const spanish = (email: string) =>
        Object.fromEntries(header.map((h, i) => [h, rows.find((r) => r[header.indexOf('Correo electrónico')] === email)![i]]));
      expect(spanish(DARIO)).toMatchObject({ Idioma: 'Inglés', Rol: 'Candidato/a', 'TIM estado': 'En curso', 'TIM idioma': 'Español' });
      expect(spanish(CARLA)).toMatchObject({ 'SCO estado': 'Completada', 'SCO idioma': 'Italiano', 'competencia 10 Analisi': '3,875' });
    } finally {
      await call(t.app, ada, 'PUT', `/api/people/${adaId}`, { lang: null });
    }
  });

  it("keeps a company's files to its staff: 404 for another company, 403 for others, 409 before a file exists", async () => {
    const { id } = await exportFile(ada, 'csv');
    expect((await call(t.app, bea, 'GET', `/api/staff/jobs/${id}/file`)).statusCode).toBe(404);
    expect((await call(t.app, bea, 'POST', `/api/staff/campaigns/${C_ALFA}/exports`, { format: 'csv' })).statusCode).toBe(404);
    for (const who of [carla, elio]) {
      expect((await call(t.app, who, 'POST', `/api/staff/campaigns/${C_ALFA}/exports`, { format: 'csv' })).statusCode).toBe(403);
      expect((await call(t.app, who, 'GET', `/api/staff/jobs/${id}/file`)).statusCode).toBe(403);
    }
    expect((await call(t.app, ada, 'POST', `/api/staff/campaigns/${C_ALFA}/exports`, { format: 'pdf' })).statusCode).toBe(422);
    const upload = await call(t.app, ada, 'POST', '/api/staff/imports', { users: [] });
    await t.app.staffJobs.idle();
    expect((await call(t.app, ada, 'GET', `/api/staff/jobs/${upload.json().job.id}/file`)).statusCode).toBe(409);
  });
});

describe('GET /api/staff/campaigns/:campaignId/participants/:userId/report.pdf', () => {
  const pdfUrl = (userId: number) => `/api/staff/campaigns/${C_ALFA}/participants/${userId}/report.pdf`;

  it("downloads a participant's report whatever the campaign's download rules", async () => {
    await t.app.database.db
      .updateTable('campaigns')
      .set({ report: JSON.stringify({ canAssessedDownload: false }) })
      .where('id', '=', C_ALFA)
      .execute();
    const res = await call(t.app, sergio, 'GET', pdfUrl(ids[CARLA]));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('Bianchi');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Carla');
    expect(text).toContain('Pensiero');
  });

  it('answers 409 REPORT_NOT_AVAILABLE while the report is empty, 404 outside the company, 403 to candidates and assessors', async () => {
    const empty = await call(t.app, ada, 'GET', pdfUrl(ids[NADIA]));
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('REPORT_NOT_AVAILABLE');
    expect((await call(t.app, ada, 'GET', pdfUrl(ids[BEN]))).statusCode).toBe(404);
    expect((await call(t.app, bea, 'GET', pdfUrl(ids[CARLA]))).statusCode).toBe(404);
    for (const who of [carla, elio]) expect((await call(t.app, who, 'GET', pdfUrl(ids[CARLA]))).statusCode).toBe(403);
  });
});
