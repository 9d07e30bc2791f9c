import { expect, type Page, test } from '@playwright/test';
import { zipOf } from '@prova/test-support/content-files';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { importBundle, personOf, uniqueId } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';
import { myUserId, signInAndOpenTest } from '../fixtures/test-page';

// A web activity as an outsider writes it (issue 51): a page and its script zipped in one folder, loading the SDK from
// the activities origin, uploaded by a company admin through the console's library into a campaign, taken by a
// candidate in the room, its outcomes read back from the server by staff in the campaign's export.

function seedCompany() {
  const n = uniqueId();
  const company = `E2E Attività web ${n}`;
  const person = (name: string, role?: string) => ({ ...personOf(n, name, 'W'), ...(role ? { role } : {}) });
  const admin = person('Sara', 'admin');
  const candidate = person('Chiara');
  const campaignId = n * 10;
  const campaign = `Campagna attività web ${n}`;
  importBundle({
    version: 1,
    companies: [{ name: company }],
    users: [admin, candidate].map((p) => ({ company, ...p, privacy: true })),
    campaigns: [
      {
        id: campaignId,
        company,
        name: campaign,
        languages: ['IT_it'],
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        tests: [],
        participants: [{ user: candidate.email }],
      },
    ],
  });
  return { n, admin, candidate, campaignId, campaign };
}

/** An outsider's page, as they write it by hand: the head's extra lines (the SDK from the origin that serves it), then its own script beside it. */
const outsiderPage = (title: string, head: string, body: string) => `<!doctype html>
<html lang="it">
  <head>
    <meta charset="utf-8" />
    <title>${title}</title>
${head}
    <script src="app.js" defer></script>
  </head>
  <body>
    <main>
      <h1>${title}</h1>
${body}
    </main>
  </body>
</html>
`;

/** A form on the SDK 1.1.0. */
const activityPage = (title: string) =>
  outsiderPage(
    title,
    '    <script src="/sdk/1.1.0/prova-activity.js"></script>',
    `      <p id="stato" role="status">Caricamento</p>
      <label for="colore">Il colore del cielo</label>
      <select id="colore"><option>rosso</option><option>blu</option></select>
      <button id="consegna" type="button">Consegna</button>
      <button id="esci" type="button">Torna alla stanza</button>`,
  );

const script = `ProvaActivity.init().then(function (session) {
  var stato = document.getElementById('stato');
  stato.textContent = 'Pronto, stato ' + session.status;
  document.getElementById('consegna').addEventListener('click', function () {
    var colore = document.getElementById('colore').value;
    ProvaActivity.setData({ colore: colore })
      .then(function () {
        return ProvaActivity.trackOutcomes([
          { questionId: 'colore', value: colore === 'blu' ? 1 : 0 },
          { questionId: 'punti', value: 7 },
        ]);
      })
      .then(function () { return ProvaActivity.markComplete(); })
      .then(function (r) { stato.textContent = 'Consegnato (' + r.status + ')'; })
      .catch(function (error) { stato.textContent = 'Errore: ' + error.message; });
  });
  document.getElementById('esci').addEventListener('click', function () { ProvaActivity.exit(); });
});
`;

const files = (entries: Record<string, string>) => zipOf(new Map(Object.entries(entries).map(([path, text]) => [path, Buffer.from(text)])));

async function chooseZip(page: Page, name: string, zip: Buffer) {
  await page.getByLabel('File zip').setInputFiles({ name, mimeType: 'application/zip', buffer: zip });
  await page.getByLabel('Tipo di contenuto').selectOption({ label: 'Attività web (zip)' });
}

/** Uploads a web activity's zip from the library into a campaign; answers the test's abbreviation, as the console says it. */
async function uploadInto(page: Page, campaign: string, zip: Buffer): Promise<string> {
  await chooseZip(page, 'gioco.zip', zip);
  await page.getByLabel('Aggiungi alla campagna').selectOption({ label: campaign });
  await page.getByRole('button', { name: 'Carica', exact: true }).click();
  const done = page.getByText(/^Test \S+ creato dal pacchetto\.$/);
  await expect(done).toBeVisible();
  return /^Test (\S+) creato/.exec((await done.textContent())!)![1];
}

/** The campaign's export as CSV, through the staff API (an Italian staff member's: `;` between fields). */
async function exportRows(page: Page, campaignId: number): Promise<Record<string, string>[]> {
  const started = await page.request.post(`/api/staff/campaigns/${campaignId}/exports`, { data: { format: 'csv' } });
  expect(started.status()).toBe(202);
  const { id } = ((await started.json()) as { job: { id: string } }).job;
  await expect
    .poll(async () => ((await (await page.request.get(`/api/staff/jobs/${id}`)).json()) as { job: { state: string } }).job.state, {
      timeout: 30_000,
    })
    .toBe('done');
  const text = (await (await page.request.get(`/api/staff/jobs/${id}/file`)).text()).replace(/^\ufeff/, '');
  // Nothing the test wrote holds a `;` or a quote: a plain split reads it.
  const [header, ...rows] = text
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line) => line.split(';').map((cell) => cell.replace(/^"|"$/g, '')));
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
}

test("an outsider's web activity, zipped by hand: uploaded in the library, taken in the room, its outcomes on the server", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const seed = seedCompany();
  const title = `Gioco dei colori ${seed.n}`;
  await page.goto('/login');
  await signIn(page, seed.admin);
  await page.goto('/console/library');
  await expect(page.getByRole('heading', { name: 'Archivio test', level: 1 })).toBeVisible();

  // A zip without its page: refused, and said in the staff's words, on a phone's width too.
  await chooseZip(page, 'senza-pagina.zip', await files({ 'gioco/pagina.html': activityPage(title), 'gioco/app.js': script }));
  await expect(page.getByText(/\/sdk\/1\.1\.0\/prova-activity\.js/)).toBeVisible();
  await page.getByRole('button', { name: 'Carica', exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Il pacchetto non è stato accettato' });
  await expect(refusal).toContainText("Nel file zip manca la pagina index.html: mettila alla radice dello zip, o in un'unica cartella");
  await expectAccessible(page, 'the library: a web activity refused');
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await hasHorizontalScroll(page)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The page in one top folder, as a folder zipped as it is; into the campaign.
  const abbreviation = await uploadInto(
    page,
    seed.campaign,
    await files({ 'gioco/index.html': activityPage(title), 'gioco/app.js': script }),
  );
  await expect(refusal).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Attività web (zip)');
  await expect(row).toContainText(seed.campaign);

  // The candidate, in a browser of their own: the room frames the page from its package on the activities origin.
  const candidateContext = await browser.newContext();
  const room = await candidateContext.newPage();
  const activity = await signInAndOpenTest(room, seed.candidate, await testIdOf(page, title), title);
  await expect(room.locator(`iframe[title="${title}"]`)).toHaveAttribute('src', /\/packages\/[0-9a-f]{64}\/gioco\/index\.html/);
  await expect(activity.getByRole('status')).toHaveText('Pronto, stato incomplete');
  await activity.getByLabel('Il colore del cielo').selectOption('blu');
  await activity.getByRole('button', { name: 'Consegna' }).click();
  await expect(activity.getByRole('status')).toHaveText('Consegnato (complete)');
  const userId = await myUserId(room);
  await activity.getByRole('button', { name: 'Torna alla stanza' }).click();
  await expect(room).toHaveURL(/\/$/);
  await expect(room.getByRole('button', { name: new RegExp(`^${title} `) })).toHaveAccessibleName(`${title} Completata`);
  await candidateContext.close();

  // What the page reported, as the server holds it: the staff's export of the campaign.
  await expect
    .poll(async () => {
      const mine = (await exportRows(page, seed.campaignId)).find((r) => r.id === String(userId));
      return mine && [mine[`${abbreviation} stato`], mine[`${abbreviation}.colore`], mine[`${abbreviation}.punti`]];
    })
    .toEqual(['Completata', '1', '7']);
});

/** The uploaded test's id and company, from the company's list as the console reads it. */
async function testIdOf(page: Page, name: string): Promise<number> {
  return (await uploadedTest(page, name)).id;
}

async function uploadedTest(page: Page, name: string): Promise<{ id: number; companyId: number }> {
  const companies = (await (await page.request.get('/api/companies')).json()) as { companies?: { id: number }[] };
  const companyId = companies.companies![0]!.id;
  const list = (await (await page.request.get(`/api/usertests?companyId=${companyId}`)).json()) as {
    tests: { id: number; name: Record<string, string> }[];
  };
  return { id: list.tests.find((t) => t.name.IT_it === name)!.id, companyId };
}

/** A timed page on the activity kit 1.2.0, as an outsider codes it: the kit's countdown from the server's time left. */
const timedPage = (title: string) =>
  outsiderPage(
    title,
    `    <link rel="stylesheet" href="/sdk/1.2.0/kit/prova-kit.css" />
    <script src="/sdk/1.2.0/prova-activity.js"></script>
    <script src="/sdk/1.2.0/kit/prova-kit.js"></script>`,
    '      <p><span id="tempo"></span></p>',
  );

const timedScript = `ProvaActivity.init().then(function (session) {
  ProvaKit.countdown(document.getElementById('tempo'), session.timing.remainingSeconds, function () {
    ProvaActivity.setStatus('complete');
  });
});
`;

test("an outsider's timed activity on the kit 1.2.0: its countdown is named by the time it shows", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const seed = seedCompany();
  const title = `Prova a tempo ${seed.n}`;
  await page.goto('/login');
  await signIn(page, seed.admin);
  await page.goto('/console/library');
  await uploadInto(page, seed.campaign, await files({ 'gioco/index.html': timedPage(title), 'gioco/app.js': timedScript }));

  // Five minutes on the server's clock, set through the staff API as an integration would (the console has no field for it).
  const { id: testId, companyId } = await uploadedTest(page, title);
  const scoped = `/api/usertests/${testId}?companyId=${companyId}`;
  const stored = ((await (await page.request.get(scoped)).json()) as { test: Record<string, unknown> }).test;
  const timed = await page.request.put(scoped, {
    data: {
      abbreviation: stored.abbreviation,
      name: stored.name,
      url: stored.url,
      jsonData: { ...(stored.jsonData as object), hasTimer: true, duration: 5 },
    },
  });
  expect(timed.status(), await timed.text()).toBe(200);

  const candidateContext = await browser.newContext();
  const room = await candidateContext.newPage();
  const activity = await signInAndOpenTest(room, seed.candidate, testId, title);
  // Its name is what a sighted person reads (WCAG 2.5.3), the time included: not a bare "Tempo rimasto".
  await expect(activity.getByRole('timer')).toHaveAccessibleName(/^Tempo rimasto: [45]:\d\d$/);
  await expect(activity.getByRole('timer')).toHaveText(/^Tempo rimasto: [45]:\d\d$/);
  await expectAccessible(room, 'a timed web activity on the kit');
  await candidateContext.close();
});
