import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { seedCandidate, uniqueId } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

/**
 * One candidate (consent given) in a dashboard campaign with three chained tests:
 * Abbreviations are unique in the database, so they carry a suffix (the avatar shows three letters).
 * "Analisi dati" (timed, 20 minutes, blue) -> "Stili di lavoro" (untimed, default red) -> "Colloquio finale".
 */
function seedRoom(extra: { legacy?: boolean; campaign?: { status: string; dateStart: string; dateEnd: string } } = {}) {
  const first = uniqueId();
  const ids = { analisi: first, stili: first + 1, colloquio: first + 2 };
  const seeded = seedCandidate(
    [
      {
        name: 'Campagna Sala',
        ...extra.campaign,
        tests: [
          { test: ids.analisi },
          { test: ids.stili, prerequisites: [ids.analisi] },
          { test: ids.colloquio, prerequisites: [ids.stili] },
        ],
      },
    ],
    {
      privacy: true,
      tests: [
        {
          id: ids.analisi,
          abbreviation: `ANA${first}`,
          name: 'Analisi dati',
          description: 'Domande su tabelle e grafici.',
          instructions: '<p>Hai venti minuti.</p>',
          url: '/activities/numerical/',
          legacy: extra.legacy ?? false,
          jsonData: { duration: 20, hasTimer: true, color: '#1565c0' },
        },
        {
          id: ids.stili,
          abbreviation: `STI${first}`,
          name: 'Stili di lavoro',
          description: 'Un questionario sulle tue preferenze.',
          instructions: '<p>Rispondi d’istinto.</p>',
          url: '/activities/workstyles/',
          jsonData: { hasTimer: false },
        },
        {
          id: ids.colloquio,
          abbreviation: `COL${first}`,
          name: 'Colloquio finale',
          description: 'Un colloquio con il valutatore.',
          url: '/activities/interview-grid/',
        },
      ],
    },
  );
  return { ...seeded, campaignId: seeded.campaignIds[0], ids };
}

/** Marks a test complete for the signed-in person through the API (as an activity would). */
async function completeTest(page: Page, campaignId: number, testId: number) {
  const me = await page.request.get('/api/auth/me');
  const { user } = (await me.json()) as { user: { id: number } };
  const res = await page.request.post(`/api/tests/${testId}/status/${campaignId}/${user.id}`, {
    data: { version: 2, status: 'complete' },
  });
  expect(res.ok()).toBe(true);
}

const list = (page: Page) => page.getByRole('region', { name: 'Elenco delle attività' });
const item = (page: Page, name: string) => list(page).getByRole('button', { name: new RegExp(`^${name} `) });
const greeting = (page: Page) => page.getByRole('heading', { name: 'Ciao Chiara!' });

test.describe('test room (dashboard layout)', () => {
  test('desktop: dashboard counts, hover and focus details, Escape and mouse leave, locked popover', async ({ page }) => {
    const { person, campaignId, ids } = seedRoom();
    await page.goto('/login');
    await signIn(page, person);
    await expect(page).toHaveURL(/\/$/);

    // The dashboard: greeting, count, pie with its text alternative, description, deadline and time bar.
    await expect(greeting(page)).toBeVisible();
    await expect(page.getByText('Hai completato 0 di 3 attività')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Completamento: 0%' })).toBeVisible();
    await expect(page.getByText('Descrizione della campagna di prova.')).toBeVisible();
    await expect(page.getByText('31.12.2030 20:00')).toBeVisible();
    const bar = page.getByRole('progressbar', { name: 'Tempo della campagna trascorso' });
    const elapsed = Number(await bar.getAttribute('aria-valuenow'));
    expect(elapsed).toBeGreaterThanOrEqual(0);
    expect(elapsed).toBeLessThanOrEqual(99);
    // The bar says in words what it measures.
    // (Italian elides the article before a number read with a vowel: l'80%.)
    await expect(page.getByText(new RegExp(`^È trascorso (il |l')${elapsed}% del tempo della campagna$`))).toBeVisible();

    // The list: one item per test in campaign order, each with its status.
    await expect(page.getByRole('heading', { name: 'Elenco delle attività', level: 2 })).toBeVisible();
    await expect(list(page).getByRole('listitem')).toHaveCount(3);
    await expect(list(page).getByRole('listitem').first()).toContainText('ANA');
    await expect(item(page, 'Analisi dati')).toHaveAccessibleName('Analisi dati Non iniziata');
    // The status in words, not only as an icon.
    await expect(item(page, 'Analisi dati').getByText('Non iniziata')).toBeVisible();
    await expectAccessible(page, 'test room');

    // A finished test counts after the room is shown again.
    await completeTest(page, campaignId, ids.analisi);
    await page.reload();
    await expect(page.getByText('Hai completato 1 di 3 attività')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Completamento: 33%' })).toBeVisible();
    await expect(item(page, 'Analisi dati')).toHaveAccessibleName('Analisi dati Completata');

    // Hover shows the details with 'Inizia'; Escape brings the dashboard back.
    await item(page, 'Stili di lavoro').hover();
    const details = page.getByRole('region', { name: 'Stili di lavoro' });
    await expect(details).toBeVisible();
    await expect(details).toContainText('Un questionario sulle tue preferenze.');
    await expect(details.getByRole('button', { name: 'Inizia', exact: true })).toBeVisible();
    await expect(greeting(page)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(greeting(page)).toBeVisible();

    // A complete test shows the check and no start.
    await item(page, 'Analisi dati').hover();
    const done = page.getByRole('region', { name: 'Analisi dati' });
    await expect(done).toContainText('Hai completato questa attività.');
    await expect(done.getByRole('button', { name: 'Inizia', exact: true })).toHaveCount(0);
    // Leaving the room with the pointer clears the selection.
    await page.mouse.move(5, 700);
    await expect(greeting(page)).toBeVisible();

    // Keyboard focus shows the details too.
    await item(page, 'Stili di lavoro').focus();
    await expect(page.getByRole('region', { name: 'Stili di lavoro' })).toBeVisible();
    await expectAccessible(page, 'test room with details');
    await page.keyboard.press('Escape');
    await expect(greeting(page)).toBeVisible();

    // The locked test names the prerequisite still to finish.
    const lock = list(page).getByRole('button', { name: /Colloquio finale: attività bloccata/ });
    await expect(lock).toHaveAttribute('aria-expanded', 'false');
    await lock.focus();
    await page.keyboard.press('Enter');
    await expect(lock).toHaveAttribute('aria-expanded', 'true');
    const popover = page.getByRole('region', { name: 'Prerequisiti di Colloquio finale' });
    await expect(popover).toContainText('Per sbloccare questa attività completa prima:');
    await expect(popover.getByRole('listitem')).toHaveText(['Stili di lavoro']);
    await expectAccessible(page, 'locked popover');
    await page.keyboard.press('Escape');
    await expect(lock).toHaveAttribute('aria-expanded', 'false');
    await expect(popover).toBeHidden();
    await expect(lock).toBeFocused();
  });

  test('a finished campaign ends with what happens next: the report, until when it is open, whom to ask', async ({ page }) => {
    const { person, campaignId, ids } = seedRoom();
    await page.goto('/login');
    await signIn(page, person);
    await expect(page).toHaveURL(/\/$/);
    for (const id of [ids.analisi, ids.stili, ids.colloquio]) await completeTest(page, campaignId, id);
    await page.reload();
    const finished = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Hai completato tutte le attività' }) });
    await expect(finished).toContainText('La campagna resta aperta fino al');
    await expect(finished).toContainText('referente delle risorse umane');
    await finished.getByRole('link', { name: 'Vai al report' }).click();
    await expect(page).toHaveURL(/\/report$/);
  });

  test('an unknown address inside the campaign keeps the header and its menu, and offers the way back', async ({ page }) => {
    const { person } = seedRoom();
    await page.goto('/login');
    await signIn(page, person);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/una-pagina-che-non-esiste');
    await expect(page.getByRole('heading', { level: 1, name: 'Not found...' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Report' }).first()).toBeVisible();
    await expectAccessible(page, 'unknown address in a campaign');
    await page.getByRole('link', { name: 'Torna alla home' }).click();
    await expect(greeting(page)).toBeVisible();
  });

  test('a first visit to the room brings its code with the page: every file it loads was preloaded, and comes once', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { person } = seedRoom();
    await page.goto('/login');
    await signIn(page, person);
    await expect(page).toHaveURL(/\/$/);
    // The next morning on the same phone: signed in, nothing of the app in the cache.
    const context = await browser.newContext({ baseURL, storageState: await page.context().storageState() });
    const phone = await context.newPage();
    const fetched: string[] = [];
    phone.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/')) fetched.push(pathname);
    });
    const answer = await phone.goto('/');
    await expect(greeting(phone)).toBeVisible();
    await phone.waitForLoadState('networkidle');
    const preloaded = [...(answer?.headers().link ?? '').matchAll(/<(\/assets\/[^>]+)>; rel=(?:modulepreload|preload; as=style)/g)].map(
      ([, path]) => path,
    );
    // The shell's script and the room's screens, layouts and stylesheets; the shell's stylesheet is in the page itself.
    expect(preloaded).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/index-.+\.js$/), expect.stringMatching(/\.css$/)]));
    const ownStylesheet = (path: string) => /^\/assets\/index-[^/]+\.css$/.test(path);
    expect(fetched.filter((path) => !ownStylesheet(path)).sort()).toEqual([...preloaded].sort());
    await context.close();
  });

  test('start page: details, duration, instructions, Entra; survives a reload; back to a fresh room', async ({ page }) => {
    const { person, campaignId, ids } = seedRoom();
    await page.goto('/login');
    await signIn(page, person);

    // Without a current test, /start goes home.
    await page.goto('/start');
    await expect(page).toHaveURL(/\/$/);

    await item(page, 'Analisi dati').hover();
    await page.getByRole('region', { name: 'Analisi dati' }).getByRole('button', { name: 'Inizia', exact: true }).click();
    await expect(page).toHaveURL(/\/start$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Analisi dati' })).toBeVisible();
    await expect(page.getByText('Domande su tabelle e grafici.')).toBeVisible();
    await expect(page.getByText('20 minuti')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Istruzioni' })).toBeVisible();
    await expect(page.getByText('Hai venti minuti.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entra' })).toBeEnabled();
    await expectAccessible(page, 'start page');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Analisi dati' })).toBeVisible();

    // The test is finished elsewhere; back in the room its status is fresh.
    await completeTest(page, campaignId, ids.analisi);
    await page.getByRole('button', { name: 'Indietro' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Hai completato 1 di 3 attività')).toBeVisible();

    // An untimed test says so; a locked one has no 'Entra' and names what to finish.
    await item(page, 'Stili di lavoro').click();
    await expect(page).toHaveURL(/\/start$/);
    await expect(page.getByText('Senza limite di tempo')).toBeVisible();
    await page.getByRole('button', { name: 'Indietro' }).click();
    await item(page, 'Colloquio finale').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Colloquio finale' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entra' })).toHaveCount(0);
    await expect(page.getByText('Per sbloccare questa attività completa prima:')).toBeVisible();
    await page.getByRole('button', { name: 'Indietro' }).click();

    // 'Entra' opens the test container.
    await item(page, 'Stili di lavoro').click();
    await page.getByRole('button', { name: 'Entra' }).click();
    await expect(page).toHaveURL(/\/test$/);
  });

  test('a legacy test in an outdated browser cannot be started', async ({ page }) => {
    await page.addInitScript(() => {
      // An outdated browser: no Intl.Segmenter.
      Reflect.deleteProperty(Intl, 'Segmenter');
    });
    const { person } = seedRoom({ legacy: true });
    await page.goto('/login');
    await signIn(page, person);
    await item(page, 'Analisi dati').click();
    await expect(page).toHaveURL(/\/start$/);
    await expect(page.getByText('Attività non disponibile in questo browser')).toBeVisible();
    await expect(page.getByText(/Chrome, Firefox, Edge o Safari/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entra' })).toHaveCount(0);
  });

  test('a campaign that is over starts no test, and the room and the start page say why', async ({ page }) => {
    const { person, campaignId, ids } = seedRoom({
      campaign: { status: 'REPORT', dateStart: '2025-01-01T08:00:00+01:00', dateEnd: '2025-06-30T20:00:00+02:00' },
    });
    await page.goto('/login');
    await signIn(page, person);
    await expect(page).toHaveURL(/\/$/);
    const why = 'La campagna è terminata: le attività non si possono più svolgere e le risposte date restano come sono.';
    await expect(page.getByRole('status').filter({ hasText: why })).toBeVisible();

    await item(page, 'Analisi dati').click();
    await expect(page).toHaveURL(/\/start$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Analisi dati' })).toBeVisible();
    await expect(page.getByText(why)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Entra' })).toHaveCount(0);
    await expectAccessible(page, 'start page of a campaign that is over');

    // Nor does the server start it, whatever a page sends.
    const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } };
    const start = await page.request.post(`/api/tests/${ids.analisi}/start/${campaignId}/${me.user.id}`, { data: {} });
    expect(start.status()).toBe(409);
    expect(await start.json()).toMatchObject({ status: false, code: 'CAMPAIGN_CLOSED' });
  });

  test('mobile at 320 px by keyboard: dashboard on /, list on /tests, details on /start without the menu', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const { person } = seedRoom();
    await page.goto('/login');
    await signIn(page, person);
    await expect(page).toHaveURL(/\/$/);

    await expect(greeting(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Elenco delle attività' })).toBeHidden();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page, 'mobile dashboard');

    const testsLink = page.getByRole('link', { name: 'Attività' });
    await testsLink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tests$/);
    await expect(page.getByRole('heading', { name: 'Elenco delle attività' })).toBeVisible();
    await expect(greeting(page)).toBeHidden();
    // Focus moves to the new page.
    await expect(page.locator('main')).toBeFocused();
    expect(await hasHorizontalScroll(page)).toBe(false);

    // The locked popover fits the phone.
    const lock = list(page).getByRole('button', { name: /Colloquio finale: attività bloccata/ });
    await lock.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Prerequisiti di Colloquio finale' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page, 'mobile test list');
    await page.keyboard.press('Escape');

    await item(page, 'Analisi dati').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/start$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Analisi dati' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Attività' })).toHaveCount(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page, 'mobile start page');

    await page.getByRole('button', { name: 'Indietro' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tests$/);
    await page.getByRole('link', { name: 'Panoramica' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(greeting(page)).toBeVisible();
  });
});
