import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { test as base, expect, type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import ExcelJS from 'exceljs';
import { contentFixture, filesOf, zipOf } from '@prova/test-support/content-files';
import { pdfText } from '@prova/test-support/pdf-text';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { startConsoleServer, type ConsoleServer } from '../fixtures/console-server';
import { importBundle, PASSWORD } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// The staff console (/console): a staff member sets up a campaign from a bundle, follows it live,
// invites its people, resets a test and exports the results, without a command line.
// The spec runs its own server and SMTP server (fixtures/console-server.ts).

const test = base.extend<object, { env: ConsoleServer }>({
  env: [
    async ({}, use) => {
      const env = await startConsoleServer();
      await use(env);
      await env.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ env }, use) => use(env.url),
});

// One server per worker: the tests run one after the other on it, each with data of its own.
test.describe.configure({ mode: 'default' });

const NEW_PASSWORD = 'Lanterna-Verde-42';
const START = '2026-01-01T08:00:00+01:00';
const END = '2030-12-31T20:00:00+01:00';

/** A campaign bundle of the staff member's company: two tests, a model reading the first, two participants. */
function campaignBundle(env: ConsoleServer, k: number) {
  const id = env.n * 10 + k;
  const people = {
    anna: { email: `anna.${id}@e2e.example`, firstName: 'Anna', lastName: `Bianchi${id}` },
    bruno: { email: `bruno.${id}@e2e.example`, firstName: 'Bruno', lastName: `Verdi${id}` },
  };
  // Ids stay below the database's integer limit: the campaign's and its tests' all within env.n * 10 + 0..9.
  const testId = env.n * 10 + 1 + 2 * k;
  const tests = { num: { id: testId, abbreviation: `NUM${id}` }, sti: { id: testId + 1, abbreviation: `STI${id}` } };
  const name = `Campagna Console ${id}`;
  const bundle = {
    version: 1,
    companies: [{ name: env.company }],
    users: [
      // Anna has a password; Bruno is new, writes in English, and will choose his through the invitation.
      { company: env.company, ...people.anna, password: PASSWORD, privacy: true, lang: 'IT_it' },
      { company: env.company, ...people.bruno, lang: 'EN_en' },
    ],
    tests: [
      { ...tests.num, name: 'Ragionamento numerico', url: '/activities/numerical/' },
      { ...tests.sti, name: 'Stili di lavoro', url: '/activities/workstyles/' },
    ],
    campaigns: [
      {
        id,
        company: env.company,
        name,
        description: 'Una campagna creata dalla console.',
        languages: ['IT_it'],
        dateStart: START,
        dateEnd: END,
        tests: [{ test: tests.num.id }, { test: tests.sti.id }],
        participants: [{ user: people.anna.email }, { user: people.bruno.email }],
        model: {
          areas: [{ id: 1, name: 'Area cognitiva', inProfile: true }],
          skills: [{ id: 10, areaId: 1, name: 'Analisi' }],
          markers: [{ id: 100, skillId: 10, name: 'Calcolo' }],
          tasks: [{ id: 1000, markerId: 100, name: 'Punteggio', test: tests.num.id, outcome: 'score', min: 0, max: 100 }],
        },
        report: { canAssessedDownload: true },
      },
    ],
  };
  return { id, name, people, tests, bundle };
}

/** The candidate's side, through the API as the activity would: a session of their own. */
async function candidate(env: ConsoleServer, email: string, password = PASSWORD) {
  const api = await playwrightRequest.newContext({ baseURL: env.url });
  const login = await api.post('/api/auth/login', { data: { username: email, password } });
  expect(login.status(), await login.text()).toBe(200);
  const { user } = (await (await api.get('/api/auth/me')).json()) as { user: { id: number } };
  return { api, userId: user.id };
}

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** RFC 4180, as the export writes it (a BOM, CRLF, quotes doubled). */
/** The CSV an Italian staff member gets: `;` between fields (their spreadsheet's separator). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\ufeff/, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

const progressTable = (page: Page) => page.getByRole('table', { name: 'Avanzamento dei partecipanti per attività' });
const rowOf = (page: Page, name: string) => progressTable(page).getByRole('row', { name: new RegExp(name) });

async function uploadBundle(page: Page, bundle: unknown, name = 'bundle.json') {
  await page
    .getByLabel('File del bundle (.json o .zip)')
    .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bundle)) });
  await page.getByRole('button', { name: 'Controlla il bundle' }).click();
}

test('a staff member sets up a campaign from a bundle, follows it live, invites, resets a test and exports the results', async ({
  page,
  env,
  browser,
}) => {
  test.setTimeout(240_000);
  const c = campaignBundle(env, 1);

  // Staff without a campaign of their own land on the console after signing in.
  await signIn(page, env.staff);
  await expect(page).toHaveURL(/\/console\/campaigns$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Campagne' })).toBeVisible();
  await expect(page.getByText('La tua azienda non ha ancora campagne')).toBeVisible();
  await expectAccessible(page, 'console: no campaigns yet');

  // A bad bundle: every problem with its path, and nothing written.
  await page.getByRole('navigation', { name: 'Sezioni della console' }).getByRole('link', { name: 'Importa un bundle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importa un bundle' })).toBeVisible();
  await expectAccessible(page, 'console: import');
  const bad = structuredClone(c.bundle);
  bad.users[1].email = 'not-an-address';
  bad.campaigns[0].tests.push({ test: 999_999_999 });
  bad.companies.push({ name: 'Another company' });
  await uploadBundle(page, bad, 'bad-bundle.json');
  const report = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: /^Il bundle ha \d+ problemi$/ }) });
  await expect(report).toBeVisible();
  await expect(report).toContainText('Non è stato scritto nulla');
  await expect(report.getByRole('listitem').filter({ hasText: 'users[1].email' })).toBeVisible();
  await expect(report.getByRole('listitem').filter({ hasText: 'campaigns[0].tests[2].test' })).toBeVisible();
  await expect(report.getByRole('listitem').filter({ hasText: 'companies[1]' })).toBeVisible();
  await expect(page.getByRole('button', { name: "Conferma l'importazione" })).toHaveCount(0);
  await expectAccessible(page, 'console: import report with problems');
  const none = (await (await page.request.get('/api/staff/campaigns')).json()) as { campaigns: unknown[] };
  expect(none.campaigns).toEqual([]);
  expect((await (await page.request.get(`/api/people?q=${encodeURIComponent(c.people.anna.email)}`)).json()).total).toBe(0);

  // The good one: the plan first, then the import once confirmed, with its summary and the way to the campaign.
  await uploadBundle(page, c.bundle);
  const plan = page.getByRole('table', { name: 'Cosa verrà scritto' });
  await expect(plan.getByRole('row', { name: 'Persone 2 0' })).toBeVisible();
  await expect(plan.getByRole('row', { name: 'Attività 2 0' })).toBeVisible();
  await expect(plan.getByRole('row', { name: 'Campagne 1 0' })).toBeVisible();
  await expectAccessible(page, 'console: import plan');
  await page.getByRole('button', { name: "Conferma l'importazione" }).click();
  const done = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Importazione completata' }) });
  await expect(done).toBeVisible({ timeout: 30_000 });
  await expect(done.getByRole('table', { name: 'Cosa è stato scritto' }).getByRole('row', { name: 'Campagne 1 0 0 0' })).toBeVisible();
  await done.getByRole('link', { name: `Apri la campagna «${c.name}»` }).click();

  // The live progress: nobody has started; search and filters ask the server.
  await expect(page).toHaveURL(new RegExp(`/console/campaigns/${c.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: c.name })).toBeVisible();
  await expect(rowOf(page, 'Anna')).toContainText('Non iniziata');
  await expect(rowOf(page, 'Bruno')).toContainText('Non invitato/a');
  await expectAccessible(page, 'console: campaign progress');
  await page.getByLabel('Cerca per nome o email').fill('bruno');
  await expect(rowOf(page, 'Anna')).toHaveCount(0);
  await expect(rowOf(page, 'Bruno')).toBeVisible();
  await page.getByLabel('Cerca per nome o email').fill('');
  await page.getByRole('combobox', { name: 'Stato' }).selectOption({ label: 'Completata' });
  await expect(page.getByText('0 partecipanti', { exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Stato' }).selectOption({ label: 'Tutti gli stati' });
  await expect(rowOf(page, 'Anna')).toBeVisible();

  // Anna works (through the API, as her activities would): the page shows it without a reload.
  const anna = await candidate(env, c.people.anna.email);
  await ok(await anna.api.post(`/api/tests/${c.tests.num.id}/start/${c.id}/${anna.userId}`));
  // Outcomes complete the test, as the activity's tracking does.
  await ok(
    await anna.api.post(`/api/outcomes/${c.id}/${c.tests.num.id}/${anna.userId}`, {
      data: { values: [{ questionId: 'score', value: 80 }] },
    }),
  );
  await ok(await anna.api.post(`/api/tests/${c.tests.sti.id}/start/${c.id}/${anna.userId}`));
  const annaRow = rowOf(page, 'Anna');
  await expect(annaRow.getByRole('cell').filter({ hasText: 'Completata' })).toHaveCount(1, { timeout: 15_000 });
  await expect(annaRow).toContainText('In corso');
  await expect(annaRow).toContainText('1 di 2');
  await page.getByRole('combobox', { name: 'Stato' }).selectOption({ label: 'Completata' });
  await page.getByRole('combobox', { name: 'Attività' }).selectOption({ label: 'Ragionamento numerico' });
  await expect(rowOf(page, 'Anna')).toBeVisible();
  await expect(rowOf(page, 'Bruno')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Stato' }).selectOption({ label: 'Tutti gli stati' });
  await page.getByRole('combobox', { name: 'Attività' }).selectOption({ label: 'Tutte le attività' });

  // Invitations: a mail each, in their language; Bruno's carries the link to choose his password.
  await page.getByRole('button', { name: 'Invita chi non è ancora invitato (2)' }).click();
  const inviteDialog = page.getByRole('dialog', { name: 'Invitare 2 persone?' });
  await expectAccessible(page, 'console: invitation dialog');
  await inviteDialog.getByRole('button', { name: 'Invia gli inviti' }).click();
  await expect(page.getByText(/^Invito inviato a 2 persone (il |l')\d\d\.\d\d\.\d{4} \d\d:\d\d\.$/)).toBeVisible();
  await expect(rowOf(page, 'Bruno')).not.toContainText('Non invitato/a');
  await expect(rowOf(page, 'Bruno').getByRole('cell').nth(1)).toHaveText(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
  const brunoMail = await env.smtp.waitForMail((m) => m.to.includes(c.people.bruno.email), 20_000);
  expect(brunoMail.subject).toBe(`Prova: you are invited to "${c.name}"`);
  const link = brunoMail.links.find((l) => l.startsWith(`${env.url}/new_password/`));
  expect(link, brunoMail.links.join(', ')).toBeTruthy();
  const annaMail = await env.smtp.waitForMail((m) => m.to.includes(c.people.anna.email), 20_000);
  expect(annaMail.subject).toBe(`Prova: sei invitato/a a "${c.name}"`);
  expect(annaMail.links.some((l) => l.includes('/new_password/'))).toBe(false);

  // Bruno follows the link, chooses a password, and signs in with it.
  const brunoContext = await browser.newContext({ baseURL: env.url });
  const brunoPage = await brunoContext.newPage();
  await brunoPage.goto(link!);
  await brunoPage.getByLabel('Nuova password', { exact: true }).fill(NEW_PASSWORD);
  await brunoPage.getByLabel('Conferma la password', { exact: true }).fill(NEW_PASSWORD);
  await brunoPage.getByRole('button', { name: 'Cambia password' }).click();
  await expect(brunoPage).toHaveURL(/\/privacy$/);
  await brunoPage.request.post('/api/auth/logout');
  await brunoPage.goto('/login');
  await signIn(brunoPage, { email: c.people.bruno.email, password: NEW_PASSWORD });
  await expect(brunoPage).toHaveURL(/\/privacy$/);
  // A candidate has no way into the console.
  await brunoPage.goto('/console');
  // (His interface is in English, his language.)
  await expect(brunoPage.getByRole('heading', { level: 1 })).toHaveText(/staff/);
  await expect(brunoPage.getByRole('link', { name: 'Console', exact: true })).toHaveCount(0);
  await brunoContext.close();

  // The export, as CSV and as Excel: files the server writes, opened and checked here.
  const csvFile = await exportFile(page, 'Esporta in CSV', '.csv');
  const csv = parseCsv(await readFile(csvFile, 'utf8'));
  const header = csv[0];
  const csvAnna = csv.find((r) => r[header.indexOf('Email')] === c.people.anna.email)!;
  const csvBruno = csv.find((r) => r[header.indexOf('Email')] === c.people.bruno.email)!;
  expect(csv).toHaveLength(3);
  expect(csvAnna[header.indexOf(`${c.tests.num.abbreviation} stato`)]).toBe('Completata');
  expect(csvAnna[header.indexOf(`${c.tests.sti.abbreviation} stato`)]).toBe('In corso');
  expect(csvAnna[header.indexOf(`${c.tests.num.abbreviation}.score`)]).toBe('80');
  expect(csvAnna[header.indexOf('indicatore 100 Calcolo')]).toBe('4');
  expect(csvAnna[header.indexOf('competenza 10 Analisi')]).toBe('4');
  expect(csvAnna[header.indexOf('area 1 Area cognitiva')]).toBe('4');
  expect(csvBruno[header.indexOf(`${c.tests.num.abbreviation} stato`)]).toBe('Non iniziata');
  // Invited today, on the company's clock (Europe/Rome) as Italians write a date.
  expect(csvBruno[header.indexOf('Invitato/a il')]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);

  const xlsxFile = await exportFile(page, 'Esporta in Excel', '.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsxFile);
  const sheet = workbook.worksheets[0];
  const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  const xHeader = cells(1) as string[];
  expect(sheet.rowCount).toBe(3);
  const xAnna = [2, 3].map(cells).find((r) => r[xHeader.indexOf('Email')] === c.people.anna.email)!;
  expect(xAnna[xHeader.indexOf(`${c.tests.num.abbreviation}.score`)]).toBe(80);
  expect(xAnna[xHeader.indexOf('indicatore 100 Calcolo')]).toBe(4);
  expect(xAnna[xHeader.indexOf(`${c.tests.num.abbreviation} stato`)]).toBe('Completata');
  expect(xAnna[xHeader.indexOf('Ultima attività')]).toBeInstanceOf(Date);

  // Anna's personal report as a PDF; Bruno's has nothing yet, and none is offered.
  const pdfDownload = page.waitForEvent('download');
  await rowOf(page, 'Anna')
    .getByRole('button', { name: /^Scarica il report PDF di Anna/ })
    .click();
  expect((await pdfDownload).suggestedFilename()).toMatch(/Anna.*\.pdf$/);
  const pdf = await readFile((await (await pdfDownload).path())!);
  expect(pdfText(pdf)).toContain('Analisi');
  await expect(rowOf(page, 'Bruno').getByRole('button', { name: /^Scarica il report PDF di Bruno/ })).toHaveCount(0);

  // A reset: Anna takes the numerical test again; the first attempt stays in the history.
  await rowOf(page, 'Anna')
    .getByRole('button', { name: /^Azzera un'attività di Anna/ })
    .click();
  const resetDialog = page.getByRole('dialog', { name: /^Azzera un'attività di Anna/ });
  await resetDialog.getByLabel('Attività da azzerare').selectOption({ label: 'Ragionamento numerico (Completata)' });
  await resetDialog.getByLabel('Motivo (facoltativo)').fill('Connessione persa durante il test');
  await expectAccessible(page, 'console: reset dialog');
  await resetDialog.getByRole('button', { name: "Azzera l'attività" }).click();
  await expect(resetDialog).toBeHidden();
  const numCell = rowOf(page, 'Anna').getByRole('cell').nth(2);
  await expect(numCell).toContainText('1 tentativo precedente');
  await expect(numCell).not.toContainText('Completata');
  const again = await anna.api.post(`/api/tests/${c.tests.num.id}/start/${c.id}/${anna.userId}`);
  await ok(again);
  expect(((await again.json()) as { testStatus: string }).testStatus).not.toBe('complete');
  await ok(await anna.api.post(`/api/tests/${c.tests.num.id}/status/${c.id}/${anna.userId}`, { data: { version: 2, status: 'complete' } }));
  await expect(numCell).toContainText('Completata', { timeout: 15_000 });
  await expect(numCell).toContainText('1 tentativo precedente');
  await anna.api.dispose();
});

/** Starts an export from the campaign page, waits for its job, downloads the file; its path. */
async function exportFile(page: Page, button: string, extension: string): Promise<string> {
  await page.getByRole('button', { name: button }).click();
  const link = page.getByRole('link', { name: new RegExp(`^Scarica .*\\${extension} \\(`) });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Fatto.' }).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await link.click();
  const file = await (await download).path();
  expect((await download).suggestedFilename().endsWith(extension)).toBe(true);
  return file!;
}

test('people and company: create, edit, deactivate and bring back a person; rename the company', async ({ page, env }) => {
  test.setTimeout(120_000);
  await signIn(page, env.staff);
  await expect(page).toHaveURL(/\/console\/campaigns$/);
  // The account widget leads to the console too.
  await page.getByRole('button', { name: new RegExp(`Sara Staff${env.n}`) }).click();
  await page.getByRole('link', { name: 'Console', exact: true }).click();

  await page.getByRole('navigation', { name: 'Sezioni della console' }).getByRole('link', { name: 'Persone' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Persone' })).toBeVisible();
  await expectAccessible(page, 'console: people');

  const email = `piero.${env.n}@e2e.example`;
  await page.getByRole('button', { name: 'Nuova persona' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuova persona' });
  await dialog.getByLabel('Nome', { exact: true }).fill('Piero');
  await dialog.getByLabel('Cognome').fill(`Neri${env.n}`);
  await dialog.getByLabel('Email').fill('piero@');
  await dialog.getByLabel('Lingua').selectOption({ label: 'Spagnolo' });
  await dialog.getByLabel('Ruolo').selectOption({ label: 'Valutatore/trice' });
  await dialog.getByRole('button', { name: 'Crea la persona' }).click();
  await expect(dialog.getByText('Inserisci un indirizzo email valido.')).toBeVisible();
  await expectAccessible(page, 'console: new person with an error');
  // The address of someone else: refused, and what was typed stays.
  await dialog.getByLabel('Email').fill(env.staff.email);
  await dialog.getByRole('button', { name: 'Crea la persona' }).click();
  await expect(dialog.getByText("Questo indirizzo email è già di un'altra persona.")).toBeVisible();
  await expect(dialog.getByLabel('Cognome')).toHaveValue(`Neri${env.n}`);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Crea la persona' }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Cerca per nome o email').fill(`neri${env.n}`);
  const row = page.getByRole('row', { name: new RegExp(`Piero Neri${env.n}`) });
  await expect(row).toContainText('Valutatore/trice');
  await expect(row).toContainText('Spagnolo');
  await expect(row).toContainText('Password non ancora scelta');
  await expect(page.getByText('1 persona', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Modifica Piero Neri${env.n}` }).click();
  const edit = page.getByRole('dialog', { name: `Modifica Piero Neri${env.n}` });
  await edit.getByLabel('Nome', { exact: true }).fill('Pietro');
  await edit.getByRole('button', { name: 'Salva' }).click();
  await expect(edit).toBeHidden();
  const renamed = page.getByRole('row', { name: new RegExp(`Pietro Neri${env.n}`) });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: `Disattiva Pietro Neri${env.n}` }).click();
  await page
    .getByRole('dialog', { name: `Disattivare Pietro Neri${env.n}?` })
    .getByRole('button', { name: 'Disattiva' })
    .click();
  // The row is gone from the list of active people: the focus lands on the count, not on nothing.
  await expect(page.getByText('0 persone', { exact: true })).toBeFocused();
  await page.getByRole('combobox', { name: 'Stato' }).selectOption({ label: 'Disattivate' });
  await expect(renamed).toContainText('Disattivata');
  const signInAttempt = await page.request.post('/api/auth/login', { data: { username: email, password: 'whatever-1A!' } });
  expect(signInAttempt.status()).toBe(422);
  await renamed.getByRole('button', { name: `Riattiva Pietro Neri${env.n}` }).click();
  await expect(page.getByText('0 persone', { exact: true })).toBeVisible();

  // The company: a blank name is refused at the field with the spec's words; a new name is kept.
  await page.getByRole('navigation', { name: 'Sezioni della console' }).getByRole('link', { name: 'Azienda' }).click();
  const name = page.getByLabel("Nome dell'azienda");
  await expect(name).toHaveValue(env.company);
  await expectAccessible(page, 'console: company');
  await name.fill('  ');
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(page.getByText('No valid company name')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await name.fill(`${env.company} S.p.A.`);
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(page.getByText("Dati dell'azienda salvati.")).toBeVisible();
  const company = (await (await page.request.get('/api/companies')).json()) as { companies: { name: string }[] };
  expect(company.companies[0].name).toBe(`${env.company} S.p.A.`);
  await name.fill(env.company);
  await page.getByRole('button', { name: 'Salva', exact: true }).click();
  await expect(page.getByText("Dati dell'azienda salvati.")).toBeVisible();
});

test('at 320 px and by keyboard alone: no sideways scrolling, the table is a list of cards, dialogs keep and return the focus', async ({
  page,
  env,
}) => {
  test.setTimeout(120_000);
  const c = campaignBundle(env, 2);
  importBundle(c.bundle, env.databaseUrl);
  await page.setViewportSize({ width: 320, height: 800 });
  await signIn(page, env.staff);
  await expect(page).toHaveURL(/\/console\/campaigns$/);
  await expect(page.getByRole('link', { name: c.name })).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await expectAccessible(page, 'console: campaigns at 320 px');

  await page.getByRole('link', { name: c.name }).click();
  await expect(rowOf(page, 'Anna')).toBeVisible();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await expectAccessible(page, 'console: campaign at 320 px');
  // Each participant a card (a table again from 601 px): nothing left to scroll sideways, even in the region.
  const region = page.getByRole('region', { name: 'Avanzamento dei partecipanti per attività' });
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false);

  // Keyboard: to the invitation button, open its dialog, close it with Escape; focus comes back.
  const invite = page.getByRole('button', { name: 'Invita chi non è ancora invitato (2)' });
  await invite.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Invitare 2 persone?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(invite).toBeFocused();

  for (const section of ['Importa un bundle', 'Persone', 'Azienda']) {
    await page.getByRole('navigation', { name: 'Sezioni della console' }).getByRole('link', { name: section }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await hasHorizontalScroll(page), section).toBe(false);
  }
  await expectAccessible(page, 'console: company at 320 px');
});

// A 360 campaign's counts as staff read them: a rater who has answered has begun; the assessor the campaign lists (for
// access) is no participant, is not among those 'invite everyone' mails, and has no row nor report.
test('a 360 campaign counts its raters who answered as started; its assessor is neither counted, nor invited, nor listed', async ({
  page,
  env,
}) => {
  test.setTimeout(120_000);
  const id = env.n * 10 + 7;
  const person = (firstName: string) => ({
    email: `${firstName.toLowerCase()}.${id}@e2e.example`,
    password: PASSWORD,
    firstName,
    lastName: `Feedback${id}`,
  });
  const [rita, rocco, vera] = ['Rita', 'Rocco', 'Vera'].map(person);
  const name = `Feedback Console ${id}`;
  importBundle(
    {
      version: 1,
      companies: [{ name: env.company }],
      users: [
        ...[rita, rocco].map((p) => ({ company: env.company, ...p, privacy: true, lang: 'IT_it' })),
        { company: env.company, ...vera, role: 'Assessor', privacy: true, lang: 'IT_it' },
      ],
      tests: [{ id: 360, abbreviation: 'FBK', name: 'Feedback 360', url: '/skillup-360', jsonData: {} }],
      campaigns: [
        {
          id,
          company: env.company,
          name,
          languages: ['IT_it'],
          dateStart: START,
          dateEnd: END,
          is360: true,
          tests: [{ test: 360 }],
          participants: [rita, rocco, vera].map((p) => ({ user: p.email, lang: 'IT_it' })),
          relations360: [
            { evaluator: rita.email, evaluee: rocco.email, relationId: 2, label: 'Collega' },
            { evaluator: rocco.email, evaluee: rita.email, relationId: 2, label: 'Collega' },
          ],
          questions360: { closed: [{ id: 1, text: 'Ascolta le persone' }] },
        },
      ],
    },
    env.databaseUrl,
  );
  // Rita answers part of her evaluation of Rocco, as the questionnaire saves it.
  const ritaApi = await candidate(env, rita.email);
  const relations = (await (await ritaApi.api.get(`/api/usercampaign/${id}/userrelation`)).json()) as { result: Array<{ id: number }> };
  await ok(
    await ritaApi.api.post(`/api/tests/360/data/${id}/${relations.result[0]!.id}`, { data: { version: 1, data: { closed: { '1': 4 } } } }),
  );
  await ritaApi.api.dispose();

  await signIn(page, env.staff);
  await page.goto(`/console/campaigns/${id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const counts = page.getByRole('list').filter({ hasText: 'ha iniziato' });
  await expect(counts.getByRole('listitem')).toHaveText(['2 partecipanti', '0 attività', '0 invitati', '1 ha iniziato', '0 hanno finito']);
  await expect(page.getByText(/In una campagna 360 ha iniziato chi ha risposto ad almeno una valutazione/)).toBeVisible();
  // The two raters are the rows; Vera, the assessor, is none, and nobody's report has anything to show yet.
  await expect(rowOf(page, 'Rita')).toContainText('360: 0 di 1');
  await expect(rowOf(page, 'Rocco')).toContainText('Report non ancora disponibile');
  await expect(rowOf(page, 'Vera')).toHaveCount(0);
  await expect(progressTable(page).getByRole('button', { name: /^Scarica il report PDF/ })).toHaveCount(0);
  await expectAccessible(page, 'console: a 360 campaign');

  // 'Invite everyone' mails the two raters, not the assessor.
  await page.getByRole('button', { name: 'Invita chi non è ancora invitato (2)' }).click();
  await page.getByRole('dialog', { name: 'Invitare 2 persone?' }).getByRole('button', { name: 'Invia gli inviti' }).click();
  await expect(page.getByText(/^Invito inviato a 2 persone (il |l')\d/)).toBeVisible();
  const assessors = (await (await page.request.get(`/api/staff/campaigns/${id}/progress?role=Assessor`)).json()) as {
    participants: Array<{ user: { email: string }; invitedAt: string | null; reportAvailable: boolean }>;
  };
  expect(assessors.participants).toEqual([
    expect.objectContaining({ user: expect.objectContaining({ email: vera.email }), invitedAt: null, reportAvailable: false }),
  ]);
});

test('a staff member uploads a zip with a SCORM course: told plainly that only its first SCO is delivered, served from the activities origin', async ({
  page,
  env,
}) => {
  const course = await zipOf(filesOf(contentFixture('scorm-manifest-2004-several')));
  const hash = createHash('sha256').update(course).digest('hex');
  const id = env.n * 10 + 9;
  const bundle = {
    version: 2,
    tests: [{ id, abbreviation: `SCO${id}`, name: 'Inserimento', package: { type: 'scorm', file: 'corsi/inserimento.zip' } }],
  };
  const zip = await zipOf(
    new Map([
      ['bundle.json', Buffer.from(JSON.stringify(bundle))],
      ['corsi/inserimento.zip', course],
    ]),
  );

  await signIn(page, env.staff);
  await page.getByRole('navigation', { name: 'Sezioni della console' }).getByRole('link', { name: 'Importa un bundle' }).click();
  await page.getByLabel('File del bundle (.json o .zip)').setInputFiles({ name: 'corso.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByRole('button', { name: 'Controlla il bundle' }).click();
  const notes = page.getByRole('region', { name: 'Da sapere' });
  await expect(notes).toContainText('3 SCOs: only the first one, "Benvenuto", is delivered');
  await expect(page.getByRole('table', { name: 'Cosa verrà scritto' }).getByRole('row', { name: 'Attività 1 0' })).toBeVisible();
  await expectAccessible(page, 'console: zip import plan with notes');
  await page.getByRole('button', { name: "Conferma l'importazione" }).click();
  const done = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Importazione completata' }) });
  await expect(done).toBeVisible({ timeout: 30_000 });

  // The app's origin sends the package on to the activities origin, which serves it.
  const delivery = await page.request.get(`/packages/${hash}/delivery.json`);
  expect(delivery.status()).toBe(200);
  expect(new URL(delivery.url()).origin).not.toBe(new URL(env.url).origin);
  expect(await delivery.json()).toEqual({ kind: 'scorm', version: '2004', launch: 'sco1/index.html', title: 'Benvenuto' });
  const sco = await page.request.get(new URL(`/packages/${hash}/sco1/index.html`, delivery.url()).href);
  expect(sco.headers()['content-type']).toBe('text/html; charset=utf-8');
  expect(sco.headers()['x-content-type-options']).toBe('nosniff');
});

test('the norm groups, a QTI test’s item analysis and a participant’s norm results read well and pass axe', async ({ page, env }) => {
  // One candidate completes the bank in 20 campaigns of the company (the analysis pools them): enough attempts
  // for the figures, seeded through the API in seconds.
  const testId = env.n * 10 + 98;
  const campaignIds = Array.from({ length: 20 }, (_, k) => env.n * 10 + 100 + k);
  const person = { email: `analisi.${env.n}@e2e.example`, firstName: 'Livia', lastName: `Analisi${env.n}` };
  const bundle = {
    version: 2,
    users: [{ company: env.company, ...person, password: PASSWORD, privacy: true }],
    tests: [{ id: testId, abbreviation: `BNK${env.n}`, name: 'Banca da analizzare', package: { type: 'qti', file: 'banca.zip' } }],
    campaigns: campaignIds.map((id) => ({
      id,
      company: env.company,
      name: `Campagna analisi ${id}`,
      dateStart: START,
      dateEnd: END,
      tests: [{ test: testId }],
      participants: [{ user: person.email }],
      norms: [testId],
    })),
    norms: [{ id: testId, name: 'Diplomati 2025', test: testId, outcome: 'SCORE', mean: 3, sd: 1.5, n: 850 }],
  };
  const zip = await zipOf(
    new Map([
      ['bundle.json', Buffer.from(JSON.stringify(bundle))],
      ['banca.zip', await zipOf(filesOf(contentFixture('qti-all-interactions')))],
    ]),
  );
  await signIn(page, env.staff);
  const job = async (id: string, states: string[]) => {
    let last: { id: string; state: string } | undefined;
    await expect
      .poll(async () => (last = ((await (await page.request.get(`/api/staff/jobs/${id}`)).json()) as { job: typeof last }).job)?.state, {
        timeout: 10_000,
      })
      .toMatch(new RegExp(`^(${states.join('|')})$`));
    return last!;
  };
  const upload = await page.request.post('/api/staff/imports', { data: zip, headers: { 'content-type': 'application/zip' } });
  await ok(upload);
  const validated = await job(((await upload.json()) as { job: { id: string } }).job.id, ['validated', 'invalid']);
  expect(validated.state).toBe('validated');
  await ok(await page.request.post(`/api/staff/imports/${validated.id}/confirm`));
  expect((await job(validated.id, ['done', 'failed'])).state).toBe('done');

  const { api, userId } = await candidate(env, person.email);
  // The campaigns side by side: each attempt is its own.
  await Promise.all(
    campaignIds.map(async (campaignId, k) => {
      await ok(await api.post(`/api/tests/${testId}/start/${campaignId}/${userId}`, { data: {} }));
      // Varied answers: right or wrong in two items, so that they vary with the total.
      const responses = { 'choice-single': { RESPONSE: k % 2 ? 'C' : 'A' }, 'text-entry': { RESPONSE: k % 3 ? 'Amsterdam' : 'Roma' } };
      const data = { qti: 1, position: null, responses, flagged: [] };
      await ok(await api.post(`/api/tests/${testId}/sync/${campaignId}/${userId}`, { data: { version: 1, status: 'complete', data } }));
    }),
  );
  await api.dispose();
  await expect
    .poll(async () => ((await (await page.request.get(`/api/staff/tests/${testId}/analysis`)).json()) as { n: number }).n, {
      timeout: 10_000,
    })
    .toBe(20);

  await page.goto(`/console/tests/${testId}/analysis`);
  await expect(page.getByRole('heading', { level: 1, name: 'Analisi degli item: Every interaction the player delivers' })).toBeVisible();
  await expect(page.getByText('KR-20').or(page.getByText('Alpha di Cronbach')).first()).toBeVisible();
  await expectAccessible(page, 'console: item analysis');

  // A participant's responses give the test against the campaign's norm group.
  await page.goto(`/console/campaigns/${campaignIds[1]}`);
  await progressTable(page)
    .getByRole('button', { name: `Risposte di ${person.firstName} ${person.lastName} in «Banca da analizzare»` })
    .click();
  const normed = page.getByRole('dialog').getByRole('region', { name: 'Rispetto ai gruppi di riferimento della campagna' });
  await expect(normed).toContainText('«Diplomati 2025» (850 persone) · SCORE');
  await expectAccessible(page, 'console: responses with norm results');
  await page.getByRole('dialog').getByRole('button', { name: 'Chiudi' }).click();

  await page.getByRole('navigation', { name: 'Sezioni della console' }).getByRole('link', { name: 'Gruppi di riferimento' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gruppi di riferimento' })).toBeVisible();
  await expect(page.getByText('Diplomati 2025').first()).toBeVisible();
  await expectAccessible(page, 'console: norm groups');
});
