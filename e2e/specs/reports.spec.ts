import { readFileSync } from 'node:fs';
import { pdfText } from '@prova/test-support/pdf-text';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { importBundle, PASSWORD, uniqueId, type Person } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// The report, from tests finished in the real activities to the page and its PDF: values checked
// against sums done by hand, the three outcomes of the page, another person's report refused, and
// the demo's finished campaigns (the personal report, the 360 results that hide a lone rater).

/** Answers given in the work-styles questionnaire, 1 to 5; each becomes 5 * (v - 1) / 4 in the report. */
const ANSWERS = { problemi: 5, collaborazione: 2, risultato: 4, iniziativa: 4, energia: 3 };

function seedReportCampaign(report: object, status = 'ACTIVE') {
  const n = uniqueId();
  const company = `E2E Report ${n}`;
  const person = (first: string, role = 'user'): Person & { role: string } => ({
    email: `${first.toLowerCase()}.${n}@e2e.example`,
    password: PASSWORD,
    firstName: first,
    lastName: `Report${n}`,
    role,
  });
  const chiara = person('Chiara');
  const marco = person('Marco');
  const elena = person('Elena', 'Assessor');
  const styles = n;
  const grid = n + 1;
  const campaignId = n * 10;
  const task = (id: number, markerId: number, test: number, outcome: string, min: number, max: number) => ({
    id,
    markerId,
    test,
    outcome,
    min,
    max,
  });
  const bundle = {
    version: 1,
    companies: [{ name: company }],
    users: [chiara, marco, elena].map((p) => ({
      company,
      email: p.email,
      password: PASSWORD,
      firstName: p.firstName,
      lastName: p.lastName,
      role: p.role,
      privacy: true,
    })),
    tests: [
      { id: styles, abbreviation: `STI${n}`, name: 'Stili di lavoro', url: '/activities/workstyles/', jsonData: { hasTimer: false } },
      { id: grid, abbreviation: `COL${n}`, name: 'Colloquio', url: '/activities/interview-grid/', jsonData: { hasTimer: false } },
    ],
    campaigns: [
      {
        id: campaignId,
        company,
        name: 'Percorso di crescita',
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        // Open while the results are produced; finish() gives it the status asked for (a campaign that is over
        // takes no more answers).
        status: 'ACTIVE',
        tests: [{ test: styles }, { test: grid }],
        participants: [chiara, marco, elena].map((p) => ({ user: p.email, lang: 'IT_it' })),
        assessments: [{ assessor: elena.email, assessed: [chiara.email], tests: [grid] }],
        report,
        model: {
          areas: [
            { id: 1, name: 'Pensiero', feedback: { '4': 'Analizzi i problemi con metodo e rapidità.' } },
            { id: 2, name: 'Relazione', feedback: { '2': 'Collabori quando serve.' } },
            { id: 3, name: 'Azione', feedback: { '3': 'Ti muovi con autonomia.' } },
            { id: 6, name: 'Motivazione', inProfile: false },
          ],
          skills: [
            { id: 10, areaId: 1, name: 'Problem solving' },
            { id: 20, areaId: 2, name: 'Collaborazione' },
            { id: 21, areaId: 2, name: 'Comunicazione' },
            { id: 30, areaId: 3, name: 'Iniziativa' },
            { id: 31, areaId: 3, name: 'Energia' },
            { id: 60, areaId: 6, name: 'Orientamento al risultato' },
          ],
          markers: [
            { id: 100, skillId: 10, name: 'Scompone i problemi' },
            {
              id: 200,
              skillId: 20,
              name: 'Lavora con gli altri',
              feedback: { '1': 'Preferisci lavorare da solo.' },
              devSuggestion: 'Offri aiuto a un collega ogni settimana.---Chiedi un parere prima di decidere.',
            },
            { id: 210, skillId: 21, name: 'Ascolta e riformula' },
            { id: 300, skillId: 30, name: 'Prende l’iniziativa' },
            { id: 310, skillId: 31, name: 'Tiene il ritmo', devSuggestion: 'Pianifica pause brevi.' },
            { id: 600, skillId: 60, name: 'Punta al risultato' },
          ],
          tasks: [
            task(1, 100, styles, 'problemi', 1, 5),
            task(2, 200, styles, 'collaborazione', 1, 5),
            task(3, 210, grid, 'ascolto', 0, 5),
            task(4, 300, styles, 'iniziativa', 1, 5),
            task(5, 310, styles, 'energia', 1, 5),
            task(6, 600, styles, 'risultato', 1, 5),
          ],
        },
      },
    ],
  };
  importBundle(bundle);
  const finish = () => importBundle({ ...bundle, campaigns: bundle.campaigns.map((c) => ({ ...c, status })) });
  return { chiara, marco, elena, styles, grid, campaignId, finish };
}

async function idOf(page: Page): Promise<number> {
  return ((await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } }).user.id;
}

/** Fills in the work-styles questionnaire with ANSWERS and sends it. */
async function answerWorkStyles(page: Page, testId: number) {
  await page.evaluate((id) => sessionStorage.setItem('prova.currentTest', JSON.stringify({ testId: id })), testId);
  await page.goto('/test');
  const activity = page.frameLocator('iframe[title="Stili di lavoro"]');
  for (const [item, value] of Object.entries(ANSWERS)) {
    await activity.locator(`fieldset[data-question="${item}"] input[value="${value}"]`).check();
  }
  await activity.getByRole('button', { name: 'Invia' }).click();
  await activity.getByRole('dialog', { name: 'Vuoi inviare il questionario?' }).getByRole('button', { name: 'Sì, invia' }).click();
  await expect(activity.getByText('Questionario inviato. Grazie!')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('Salvato');
}

/** The text of a downloaded PDF, as Debian's pdftotext reads it. */
async function downloadPdfText(page: Page, link: ReturnType<Page['getByRole']>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return pdfText(readFileSync(await download.path()));
}

test('from finished tests to the report page and its PDF, with the values worked out by hand', async ({ page, browser }) => {
  const { chiara, marco, elena, styles, grid, campaignId } = seedReportCampaign({ allowEarlyDownload: true });

  await page.goto('/login');
  await signIn(page, chiara);
  // Nothing finished yet: the running campaign keeps the report back.
  await page.getByRole('link', { name: 'Report', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Nessun report disponibile' })).toBeVisible();
  await expect(page.getByText('La pagina di report non è ancora attiva. Ti avviseremo quando sarà disponibile.')).toBeVisible();

  await answerWorkStyles(page, styles);
  const chiaraId = await idOf(page);

  // Elena rates the interview: 4 on 0..5.
  const assessor = await browser.newContext();
  const elenaPage = await assessor.newPage();
  await elenaPage.goto('/login');
  await signIn(elenaPage, elena);
  const rated = await elenaPage.request.post(`/api/tests/${grid}/assessedOutcomes/${campaignId}/${chiaraId}`, {
    data: { values: [{ questionId: 'ascolto', value: 4 }] },
  });
  expect(rated.status()).toBe(200);
  // Elena may read the report of the person she assesses.
  expect((await elenaPage.request.get(`/api/report/${campaignId}/individual/personal/${chiaraId}`)).status()).toBe(200);
  await assessor.close();

  await page.goto('/');
  await page.getByRole('link', { name: 'Report', exact: true }).click();
  await expect(page).toHaveURL(/\/report$/);
  const report = page.getByRole('article', { name: 'Report individuale' });
  await expect(report.getByText(`${chiara.firstName} ${chiara.lastName} · Percorso di crescita`)).toBeVisible();

  // Profile: the areas in profile only. Pensiero 5; Relazione (1.25 + 4) / 2 = 2.625; Azione (3.75 + 2.5) / 2 = 3.125.
  const profile = report.getByRole('region', { name: 'Il tuo profilo' });
  // The radar: drawn, with one axis per area of the profile, named after it (the drawing this width shows).
  const radar = profile.getByRole('figure', { name: /Grafico radar del profilo/ }).locator('svg:visible');
  await expect(radar).toBeVisible();
  await expect(radar.locator('.report-chart__axes text')).toHaveText(['Pensiero', 'Relazione', 'Azione']);
  const summary = profile.locator('.report-summary > li');
  await expect(summary).toHaveText([
    /^Pensiero5,00 su 5 · Presidio ottimoAnalizzi i problemi con metodo e rapidità\.$/,
    /^Relazione2,63 su 5 · Presidio sufficienteCollabori quando serve\.$/,
    /^Azione3,13 su 5 · Presidio buonoTi muovi con autonomia\.$/,
  ]);
  // The chart's text alternative: a table of the same values.
  await expect(profile.getByRole('table', { name: /Grafico radar del profilo/ }).getByRole('row')).toHaveText([
    'AreaPunteggio',
    'Pensiero5,00 su 5',
    'Relazione2,63 su 5',
    'Azione3,13 su 5',
  ]);

  // Details: every area, Motivazione (out of the profile) included.
  const details = report.getByRole('region', { name: 'Risultati in dettaglio' });
  await expect(details.getByRole('heading', { level: 3 })).toHaveText(['Pensiero', 'Relazione', 'Azione', 'Motivazione']);
  const skill = (name: string) => details.locator('.report-skill').filter({ has: page.getByRole('heading', { level: 4, name }) });
  await expect(skill('Orientamento al risultato')).toContainText('3,75 su 5 · Presidio buono');
  // The best two above 3: Problem solving (5) and Comunicazione (4); the worst two below 3: Collaborazione (1.25), Energia (2.5).
  await expect(details.getByRole('img', { name: 'Punto di forza' })).toHaveCount(2);
  await expect(skill('Problem solving').getByRole('img', { name: 'Punto di forza' })).toBeVisible();
  await expect(skill('Comunicazione').getByRole('img', { name: 'Punto di forza' })).toBeVisible();
  await expect(details.getByRole('note', { name: 'Punto di attenzione' })).toHaveCount(2);
  await expect(skill('Collaborazione')).toContainText('1,25 su 5 · Presidio insufficiente');
  await expect(skill('Collaborazione').getByRole('note', { name: 'Punto di attenzione' }).getByRole('listitem')).toHaveText([
    'Offri aiuto a un collega ogni settimana.',
    'Chiedi un parere prima di decidere.',
  ]);
  await expect(skill('Energia').getByRole('note', { name: 'Punto di attenzione' })).toContainText('Pianifica pause brevi.');
  // Score bars: 20% a point.
  await expect(skill('Collaborazione').locator('.score__fill').first()).toHaveAttribute('style', 'width: 25%;');

  // A skill opens onto its markers, a marker onto its evaluation and tests: by keyboard.
  const toggle = skill('Collaborazione').getByRole('button', { name: /Indicatori/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const marker = skill('Collaborazione').getByRole('button', { name: 'Lavora con gli altri' });
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(skill('Collaborazione')).toContainText('Preferisci lavorare da solo.');
  await expect(skill('Collaborazione')).toContainText('Test collegati: Stili di lavoro');
  await expectAccessible(page, 'individual report');

  // The PDF: the same report, in Italian.
  const pdf = await downloadPdfText(page, report.getByRole('link', { name: 'Scarica il report' }));
  for (const words of [
    'Report individuale',
    `${chiara.firstName} ${chiara.lastName}`,
    'Risultati in dettaglio',
    '2,63',
    'Presidio insufficiente',
  ]) {
    expect(pdf).toContain(words);
  }
  expect(pdf).toContain('Punto di attenzione');
  expect(pdf).toContain('Offri aiuto a un collega ogni settimana.');

  // Marco may not read Chiara's report, nor download it.
  const other = await browser.newContext();
  const marcoPage = await other.newPage();
  await marcoPage.goto('/login');
  await signIn(marcoPage, marco);
  expect((await marcoPage.request.get(`/api/report/${campaignId}/individual/personal/${chiaraId}`)).status()).toBe(403);
  expect((await marcoPage.request.get(`/api/report/${campaignId}/individual/hr/${chiaraId}/download`)).status()).toBe(403);
  // His own report: nothing finished, nothing to show.
  await marcoPage.goto('/report');
  await expect(marcoPage.getByRole('heading', { name: 'Nessun report disponibile' })).toBeVisible();
  await other.close();
});

test('a campaign document offered for download instead of the individual report', async ({ page }) => {
  const { chiara, campaignId, styles, finish } = seedReportCampaign(
    {
      documents: [
        { id: 31, name: 'Sintesi per i valutatori', visibleToAssessorsOnly: true },
        { id: 32, name: 'Il tuo report 2026' },
      ],
    },
    'REPORT',
  );
  await page.goto('/login');
  await signIn(page, chiara);
  // A document is offered once there is something in it: the work-styles outcomes.
  const sent = await page.request.post(`/api/outcomes/${campaignId}/${styles}/${await idOf(page)}`, {
    data: { values: Object.entries(ANSWERS).map(([questionId, value]) => ({ questionId, value })) },
  });
  expect(sent.status()).toBe(200);
  finish();
  await page.goto('/report');
  await expect(page.getByRole('heading', { name: 'Il report è pronto per il download' })).toBeVisible();
  await expect(page.getByText('Sintesi per i valutatori')).toHaveCount(0);
  await expectAccessible(page, 'report document');
  const pdf = await downloadPdfText(page, page.getByRole('link', { name: 'Il tuo report 2026' }));
  expect(pdf).toContain('Il tuo report 2026');
  expect(pdf).toContain(`${chiara.firstName} ${chiara.lastName}`);
});

/** Signs in as the demo candidate and enters one of her campaigns (consent and language as asked). */
async function enterDemoCampaign(page: Page, name: string) {
  await page.goto('/login');
  await signIn(page, { email: 'giulia.ferri@lanificio.example', password: 'Prova2026!' });
  const consent = async () => {
    if (!page.url().endsWith('/privacy')) return;
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Conferma' }).click();
  };
  await expect(page).toHaveURL(/\/select-campaign|\/privacy/);
  await consent();
  await expect(page).toHaveURL(/\/select-campaign$/);
  await page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'ENTRA' }).click();
  const language = page.getByRole('button', { name: 'CONFERMA E INIZIA' });
  await expect(page).toHaveURL(/\/$|\/privacy$/);
  if (await language.isVisible()) await language.click();
  await consent();
  await expect(page).toHaveURL(/\/$/);
}

test.describe('the demo', () => {
  test('Giulia reads her report of Valutazione 2025 and downloads it', async ({ page }) => {
    await enterDemoCampaign(page, 'Valutazione 2025');
    await page.getByRole('link', { name: 'Report', exact: true }).click();
    const report = page.getByRole('article', { name: 'Report individuale' });
    // DEMO.md: RAG 67 of 100, work styles 3 / 2 / 4 / 4.5 / 5 on 1..5, Elena's interview 4 and 2.4 on 0..5.
    await expect(report.locator('.report-summary > li')).toHaveText([
      /^Pensiero2,93 su 5 · Presidio sufficiente/,
      /^Relazione2,23 su 5 · Presidio sufficiente/,
      /^Azione4,06 su 5 · Presidio ottimo/,
    ]);
    const details = report.getByRole('region', { name: 'Risultati in dettaglio' });
    await expect(details.getByRole('heading', { level: 3 })).toHaveText(['Pensiero', 'Relazione', 'Azione', 'Motivazione']);
    const highlighted = (label: string) =>
      details
        .locator('.report-skill')
        .filter({ has: page.getByRole(label === 'Punto di forza' ? 'img' : 'note', { name: label }) })
        .locator('h4');
    await expect(highlighted('Punto di forza')).toHaveText([/Orientamento al risultato/, /Iniziativa/]);
    await expect(highlighted('Punto di attenzione')).toHaveText(['Problem solving', 'Collaborazione']);
    const pdf = await downloadPdfText(page, report.getByRole('link', { name: 'Scarica il report' }));
    expect(pdf).toContain('Giulia Ferri · Valutazione 2025');
    expect(pdf).toContain('4,06');
  });

  test('Giulia reads last year’s 360 by group, with her manager never shown alone', async ({ page }) => {
    await enterDemoCampaign(page, 'Feedback 360 – 2025');
    await page.getByRole('link', { name: 'Report', exact: true }).click();
    const results = page.getByRole('region', { name: 'Risultati del feedback 360' });
    const table = results.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Domanda', 'Autovalutazione', 'Collega', 'Altri', 'Media degli altri']);
    // Colleagues 3, 4, 5 -> 4,0; the manager (3) and two direct reports (4, 4) pooled -> 3,7; all six -> 3,8.
    await expect(table.getByRole('row').nth(1)).toHaveText(
      'Ascolta gli altri prima di rispondere.4,04,03 valutatori3,73 valutatori3,86 valutatori',
    );
    await expect(results).not.toContainText('Responsabile');
    await expect(results.getByRole('listitem')).toHaveText([
      'Aiutare i nuovi colleghi.',
      'Condividere le idee nelle riunioni.',
      'Proporre soluzioni concrete.',
    ]);
    await expectAccessible(page, '360 results');
  });
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true });

  test('the demo report fits without sideways scrolling and passes the scan', async ({ page }) => {
    await enterDemoCampaign(page, 'Valutazione 2025');
    await page.goto('/report');
    await expect(page.getByRole('heading', { name: 'Risultati in dettaglio' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page, 'report at 320 px');
  });
});
