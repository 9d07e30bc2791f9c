import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/a11y';
import { brokenWords, expectFitsPhones, expectStacked, headerLines, HEIGHT, PHONES } from '../fixtures/layout';
import { importBundle, PASSWORD, seedCampaignWithTests, uniqueId, type Person } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// Every screen fits a phone: at 320 and 360 px the agenda, a test room, the 360 report and the staff
// console's campaign page have no word broken inside itself (measured on the line boxes the browser
// laid out), no sideways scroll, and the room's chrome leaves the activity most of the height; at
// 1366 px the header keeps to one line.

const giulia = { email: 'giulia.ferri@lanificio.example', password: 'Prova2026!' };
const silvia = { email: 'silvia.marini@lanificio.example', password: 'Prova2026!' };

async function consentIfAsked(page: Page): Promise<void> {
  if (!page.url().endsWith('/privacy')) return;
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Conferma' }).click();
}

/** Giulia into one of her campaigns (Italian if the language is asked). */
async function enterAsGiulia(page: Page, campaign: string): Promise<void> {
  await page.goto('/login');
  await signIn(page, giulia);
  await expect(page).toHaveURL(/\/select-campaign|\/privacy/);
  await consentIfAsked(page);
  await expect(page).toHaveURL(/\/select-campaign$/);
  await page.getByRole('listitem').filter({ hasText: campaign }).getByRole('button', { name: 'ENTRA' }).click();
  const language = page.getByRole('button', { name: 'CONFERMA E INIZIA' });
  await expect(page).toHaveURL(/\/$|\/privacy$/);
  if (await language.isVisible()) await language.click();
  await consentIfAsked(page);
  await expect(page).toHaveURL(/\/$/);
}

/** An agenda month with the demo's long test names; the tutorial already seen. */
function seedAgenda(): Person {
  const n = uniqueId();
  const company = `E2E Phone ${n}`;
  const person: Person = { email: `phone.${n}@e2e.example`, password: PASSWORD, firstName: 'Marta', lastName: `Telefono${n}` };
  const ids = [n, n + 1, n + 2];
  const names = ['Analisi del budget', 'Riunione con il team', 'Incontro con il cliente'];
  importBundle({
    version: 1,
    companies: [{ name: company }],
    users: [{ company, ...person, privacy: true }],
    tests: ids.map((id, i) => ({
      id,
      abbreviation: `PH${id}`,
      name: names[i],
      url: '/activities/workstyles/',
      jsonData: { hasTimer: false },
      theme: { tag: 'Lavoro', duration: '30 Min' },
    })),
    campaigns: [
      {
        id: n * 10,
        company,
        name: 'Un mese da consulente',
        theme: 'agenda',
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        tests: ids.map((test, i) => ({ test, agendaDate: `2021-11-${['03', '10', '17'][i]}` })),
        participants: [{ user: person.email, lang: 'IT_it' }],
        data: {
          month: '2021-11',
          tests: { '03/11/2021': ids[0], '10/11/2021': ids[1], '17/11/2021': ids[2] },
          currentPosition: '03/11/2021',
          hasSeenTutorial: true,
        },
      },
    ],
  });
  return person;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: PHONES[0], height: HEIGHT }, hasTouch: true });

  test('the agenda is a list of days', async ({ page }) => {
    const person = seedAgenda();
    await page.goto('/login');
    await signIn(page, person);
    await expect(page.getByRole('heading', { level: 1, name: 'La tua agenda' })).toBeVisible();
    // Capital only where Italian has one, as shown (innerText, after any text-transform).
    await expect(page.getByRole('table').locator('caption')).toHaveText('Calendario di novembre 2021', { useInnerText: true });
    await expectFitsPhones(page, 'the agenda', async (width) => {
      // One day under the other, each the page's width: the day of the first test above the day of the second.
      const third = (await page
        .getByRole('table')
        .getByRole('button', { name: /Analisi del budget/ })
        .boundingBox())!;
      const tenth = (await page
        .getByRole('table')
        .getByRole('button', { name: /Riunione con il team/ })
        .boundingBox())!;
      expect(tenth.y).toBeGreaterThan(third.y + third.height);
      expect(third.width).toBeGreaterThan(width / 2);
    });
  });

  test("a timed test's room leaves the activity the height", async ({ page }) => {
    const { people, testIds } = seedCampaignWithTests([
      { name: 'Ragionamento numerico', url: '/activities/numerical/', jsonData: { hasTimer: true, duration: 20 } },
    ]);
    await page.goto('/login');
    await signIn(page, people[0]);
    await page.evaluate((id) => sessionStorage.setItem('prova.currentTest', JSON.stringify({ testId: id })), testIds[0]);
    await page.goto('/test');
    const frame = page.locator('iframe[title="Ragionamento numerico"]');
    const bar = page.frameLocator('iframe[title="Ragionamento numerico"]').locator('.pk-bar');
    await expect(bar.getByRole('timer')).toBeVisible();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('status')).toBeVisible();
    await expectFitsPhones(page, 'the test room', async () => {
      // The chrome: the app's header above the frame, the activity's own bar (title, question, clock) at the
      // frame's top, anything under the frame; the page itself does not scroll.
      const frameBox = (await frame.boundingBox())!;
      const barBox = (await bar.boundingBox())!;
      const chrome = barBox.y + barBox.height + Math.max(0, HEIGHT - (frameBox.y + frameBox.height));
      expect(chrome, 'chrome height').toBeLessThanOrEqual(HEIGHT * 0.2);
      expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBeLessThanOrEqual(HEIGHT);
      // The save status shares the header's one line.
      const save = (await banner.getByRole('status').boundingBox())!;
      const close = (await banner.getByRole('link', { name: "Chiudi l'attività" }).boundingBox())!;
      expect(Math.abs(save.y + save.height / 2 - (close.y + close.height / 2))).toBeLessThan(8);
    });
  });

  test("the 360 report's table becomes cards", async ({ page }) => {
    await enterAsGiulia(page, 'Feedback 360 – 2025');
    await page.goto('/report');
    const results = page.getByRole('region', { name: 'Risultati del feedback 360' });
    await expect(results.getByRole('table')).toBeVisible();
    // Each value beside what it is: the group's name comes with the score.
    await expect(results.locator('tbody tr').first().locator('td').first()).toHaveAttribute('data-label', 'Autovalutazione');
    // A card per question: its groups one under the other, each the card's width.
    await expectFitsPhones(page, 'the 360 report', () => expectStacked(results.locator('tbody tr').first()));
  });

  test("the console's campaign page: its tables become cards", async ({ page }) => {
    await page.goto('/login');
    await signIn(page, silvia);
    await page.goto('/console/campaigns/9009');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Feedback 360');
    await expect(page.locator('.console-table--progress tbody tr').first()).toBeVisible();
    await expectFitsPhones(page, "the console's campaign page", () =>
      expectStacked(page.locator('.console-table--progress tbody tr').first()),
    );
  });
});

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the header keeps to one line, the 360 table its column names, and the radar has room', async ({ page }) => {
    await enterAsGiulia(page, 'Valutazione 2025');
    await page.goto('/report');
    await expect(page.getByRole('heading', { name: 'Risultati in dettaglio' })).toBeVisible();
    expect(await headerLines(page)).toEqual({ wrapped: [], height: 64 });
    const radar = (await page.locator('.report-chart__drawing--wide svg').boundingBox())!;
    expect(radar.height).toBeGreaterThanOrEqual(380);
    expect(await brokenWords(page)).toEqual([]);

    await page.goto('/select-campaign');
    await page.getByRole('listitem').filter({ hasText: 'Feedback 360 – 2025' }).getByRole('button', { name: 'ENTRA' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/report');
    const table = page.getByRole('region', { name: 'Risultati del feedback 360' }).getByRole('table');
    await expect(table).toBeVisible();
    expect(await headerLines(page)).toEqual({ wrapped: [], height: 64 });
    const headers = await table
      .locator('thead th')
      .evaluateAll((cells) => cells.map((th) => th.getClientRects().length && Math.round(th.getBoundingClientRect().height)));
    expect(new Set(headers).size, `column headers of one height (one line): ${headers.join(', ')}`).toBe(1);
    expect(await brokenWords(page)).toEqual([]);
    await expectAccessible(page, 'the 360 report at 1366 px');

    await page.context().clearCookies();
    await page.goto('/login');
    await signIn(page, silvia);
    await page.goto('/console/campaigns/9009');
    await expect(page.locator('.console-table tbody tr').first()).toBeVisible();
    expect(await headerLines(page)).toEqual({ wrapped: [], height: 64 });
    expect(await brokenWords(page)).toEqual([]);
    await expectAccessible(page, 'the console at 1366 px');
  });
});
