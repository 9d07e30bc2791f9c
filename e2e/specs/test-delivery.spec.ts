import { chromium, expect, test, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@prova/test-support/chromium';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { PASSWORD, seedCampaignWithTests, type Person, type TestSpec } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// The test container driving the real sample activity (activities/numerical): progress goes through
// the offline-tolerant sending queue; the save status, the exit confirmation, logout with pending sends.

const TITLE = 'Ragionamento numerico';
/** The scoring script of the example bundle's RAG test (docs/bundle-format.md). */
const RAG_ALGORITHM =
  "function computeOutcomes(data) { var a = (data && data.answers) || {}; var key = {q1: 'b', q2: 'd', q3: 'a'}; var ok = 0; for (var q in key) { if (a[q] === key[q]) ok++; } return [{ questionId: 'score', value: Math.round(100 * ok / 3) }]; }";
const NUMERICAL: TestSpec = {
  name: TITLE,
  url: '/activities/numerical/',
  jsonData: { hasTimer: true, duration: 20 },
  algorithm: RAG_ALGORITHM,
};
const BUSY = { status: 503, contentType: 'application/json', body: '{"status":false,"code":"UNAVAILABLE","message":"busy"}' };

const saveStatus = (page: Page) => page.getByRole('banner').getByRole('status');

/** /test, once the activity in it (the frame is titled with the test's name) has started. */
async function gotoTest(page: Page, name = TITLE): Promise<FrameLocator> {
  await page.goto('/test');
  const activity = page.frameLocator(`iframe[title="${name}"]`);
  await expect(activity.getByRole('heading', { name: TITLE })).toBeVisible();
  return activity;
}

/** The room's "current test" as the start page leaves it (src/lib/current-test.ts), then /test. */
async function openTest(page: Page, testId: number, name = TITLE): Promise<FrameLocator> {
  await page.evaluate((id) => sessionStorage.setItem('prova.currentTest', JSON.stringify({ testId: id })), testId);
  return gotoTest(page, name);
}

async function signInAndOpen(page: Page, person: Person, testId: number): Promise<FrameLocator> {
  await page.goto('/login');
  await signIn(page, person);
  await expect(page).toHaveURL(/\/$/);
  return openTest(page, testId);
}

async function myId(page: Page): Promise<number> {
  const me = await page.request.get('/api/auth/me');
  return ((await me.json()) as { user: { id: number } }).user.id;
}

/** What the server holds of this person's progress (GET /api/tests/{t}/data/{c}/{u}). */
async function serverProgress(page: Page, ids: { campaignId: number; testId: number; userId: number }) {
  const response = await page.request.get(`/api/tests/${ids.testId}/data/${ids.campaignId}/${ids.userId}`);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { version: number; status: string; data: string | null } };
  const parsed = data.data ? (JSON.parse(data.data) as { answers?: Record<string, string> }) : {};
  return { version: data.version, status: data.status, answers: parsed.answers ?? {} };
}

/** Answers the three questions of the numerical activity right and delivers (its own dialog confirmed). */
async function answerAllAndDeliver(activity: FrameLocator, how: 'click' | 'tap') {
  for (const option of ['b) 600', 'd) 87,5%', 'a) Lana']) {
    const radio = activity.getByRole('radio', { name: option, exact: true });
    await radio[how]();
    await expect(radio).toBeChecked();
  }
  await activity.getByRole('button', { name: 'Consegna' })[how]();
  const confirm = activity.getByRole('dialog', { name: 'Vuoi consegnare le risposte?' });
  await expect(confirm).toContainText('Dopo la consegna non potrai più modificarle.');
  await confirm.getByRole('button', { name: 'Sì, consegna' })[how]();
  await expect(activity.getByText('Risposte consegnate. Grazie!')).toBeVisible();
}

/** Signs out from the header; during a timed test the app asks first, and the answer is 'Sì'. */
async function logoutFromHeader(page: Page, person: Person, opts: { timed?: boolean } = {}) {
  await page.getByRole('button', { name: `${person.firstName} ${person.lastName}` }).click();
  await page.getByRole('button', { name: 'Esci' }).click();
  if (!opts.timed) return;
  const ask = page.getByRole('dialog', { name: 'Sei sicuro/a di uscire?' });
  await expect(ask).toContainText("il tempo continua a scorrere anche dopo l'uscita");
  await ask.getByRole('button', { name: 'Sì' }).click();
}

async function setOnline(context: BrowserContext, online: boolean) {
  await context.setOffline(!online);
}

test.describe('test delivery', () => {
  test('answers given offline survive a reload and reach the server once online', async ({ page, context }) => {
    const { people, campaignId, testIds } = seedCampaignWithTests([NUMERICAL]);
    const [testId] = testIds;
    const activity = await signInAndOpen(page, people[0], testId);
    const userId = await myId(page);
    await expect(saveStatus(page)).toHaveText('Salvato');

    await setOnline(context, false);
    await activity.getByRole('radio', { name: 'b) 600' }).check();
    await activity.getByRole('radio', { name: 'd) 87,5%' }).check();
    await expect(saveStatus(page)).toHaveText(/^Sei offline: \d+ modific(a|he) in attesa$/);

    // Still offline: the reload itself fails; what was saved is kept in the browser.
    await expect(page.reload()).rejects.toThrow();
    await setOnline(context, true);
    const again = await gotoTest(page);
    // The local copy is newer than the server's: the activity starts from it...
    await expect(again.getByRole('radio', { name: 'd) 87,5%' })).toBeChecked();
    await expect(saveStatus(page)).toHaveText('Salvato');
    // ...and the queue has pushed it to the server.
    await expect.poll(async () => (await serverProgress(page, { campaignId, testId, userId })).answers).toEqual({ q1: 'b', q2: 'd' });
  });

  test('answers of a tab closed offline are sent by another open tab', async ({ page, context }) => {
    const { people, campaignId, testIds } = seedCampaignWithTests([NUMERICAL, { ...NUMERICAL, name: 'Ragionamento bis' }]);
    const first = await signInAndOpen(page, people[0], testIds[0]);
    const userId = await myId(page);
    await expect(saveStatus(page)).toHaveText('Salvato');
    const other = await context.newPage();
    await other.goto('/');
    const second = await openTest(other, testIds[1], 'Ragionamento bis');
    await expect(saveStatus(other)).toHaveText('Salvato');

    // Both tabs queue work offline; each keeps its own in the browser's one storage.
    await setOnline(context, false);
    await first.getByRole('radio', { name: 'b) 600' }).check();
    await expect(saveStatus(page)).toHaveText('Sei offline: 1 modifica in attesa');
    await second.getByRole('radio', { name: 'c) 620' }).check();
    await expect(saveStatus(other)).toHaveText('Sei offline: 1 modifica in attesa');

    // The first tab goes before sending; once its lock is free, the other tab adopts its queue when back online.
    await page.close();
    await expect.poll(() => other.evaluate(async () => (await navigator.locks.query()).held?.length ?? 0)).toBeLessThanOrEqual(1);
    await setOnline(context, true);
    await expect(saveStatus(other)).toHaveText('Salvato');
    await expect.poll(async () => (await serverProgress(other, { campaignId, testId: testIds[0], userId })).answers).toEqual({ q1: 'b' });
    expect((await serverProgress(other, { campaignId, testId: testIds[1], userId })).answers).toEqual({ q1: 'c' });
  });

  test("the sending queue's code failing to arrive at sign-in is fetched again: the test saves, no error page", async ({ page }) => {
    const { people, campaignId, testIds } = seedCampaignWithTests([NUMERICAL]);
    const [testId] = testIds;
    // The queue's chunk is fetched in the background once signed in; a phone's connection drops just then.
    let failed = 0;
    await page.route(/\/assets\/app-queue-[^/?]+\.js(\?.*)?$/, async (route) => {
      if (failed++ === 0) return route.abort('internetdisconnected');
      return route.fallback();
    });
    await page.goto('/login');
    let reloads = 0;
    page.on('load', () => reloads++);
    await signIn(page, people[0]);
    await expect(page).toHaveURL(/\/$/);
    // The app fetches the code again (under a URL of its own: Chromium 150 keeps a failed import failed), no reload.
    await page.getByRole('link', { name: 'Attività' }).click();
    await page
      .getByRole('region', { name: 'Elenco delle attività' })
      .getByRole('button', { name: new RegExp(`^${TITLE} `) })
      .click();
    await page.getByRole('button', { name: 'Entra' }).click();
    const activity = page.frameLocator(`iframe[title="${TITLE}"]`);
    await activity.getByRole('radio', { name: 'b) 600' }).check();
    await expect(saveStatus(page)).toHaveText('Salvato');
    const userId = await myId(page);
    await expect.poll(async () => (await serverProgress(page, { campaignId, testId, userId })).answers).toEqual({ q1: 'b' });
    expect(failed).toBe(2);
    expect(reloads).toBe(0);
  });

  test('a server that answers 503 for a while gets the data once it recovers', async ({ page }) => {
    const { people, campaignId, testIds } = seedCampaignWithTests([NUMERICAL]);
    const [testId] = testIds;
    const activity = await signInAndOpen(page, people[0], testId);
    const userId = await myId(page);
    await expect(saveStatus(page)).toHaveText('Salvato');

    await page.route('**/api/tests/**', (route) => route.fulfill(BUSY));
    await activity.getByRole('radio', { name: 'c) 620' }).check();
    await expect(saveStatus(page)).toHaveText('Salvataggio non riuscito: nuovo tentativo in corso');
    await page.unroute('**/api/tests/**');

    await expect(saveStatus(page)).toHaveText('Salvato', { timeout: 20_000 });
    await expect.poll(async () => (await serverProgress(page, { campaignId, testId, userId })).answers).toEqual({ q1: 'c' });
  });

  test('logout waits for pending sends ("Sincronizzazione"), or skips them with "Salta"', async ({ page }) => {
    const { people, campaignId, testIds } = seedCampaignWithTests([NUMERICAL]);
    const [testId] = testIds;
    const [person] = people;
    const activity = await signInAndOpen(page, person, testId);
    const userId = await myId(page);
    await expect(saveStatus(page)).toHaveText('Salvato');

    // Pending at logout: the dialog shows until the queue is empty, then logs out by itself.
    await page.route('**/api/tests/**', (route) => route.fulfill(BUSY));
    await activity.getByRole('radio', { name: 'a) 550' }).check();
    await expect(saveStatus(page)).toHaveText('Salvataggio non riuscito: nuovo tentativo in corso');
    // A timed test is running: signing out asks first ('No' stays), then waits for the queue.
    await page.getByRole('button', { name: `${person.firstName} ${person.lastName}` }).click();
    await page.getByRole('button', { name: 'Esci' }).click();
    const ask = page.getByRole('dialog', { name: 'Sei sicuro/a di uscire?' });
    await expect(ask).toBeVisible();
    // The dialog keeps the focus: tabbing reaches its own controls and nothing else on the page (the
    // browser's own address bar may take a turn, as it should).
    const focusOutside = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active !== null && active !== document.body && active.closest('dialog') === null;
      });
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusOutside()).toBe(false);
    }
    // Its buttons have room between them.
    const [no, yes] = await Promise.all(['No', 'Sì'].map((name) => ask.getByRole('button', { name, exact: true }).boundingBox()));
    const apart = Math.max(
      yes!.x - (no!.x + no!.width),
      no!.x - (yes!.x + yes!.width),
      yes!.y - (no!.y + no!.height),
      no!.y - (yes!.y + yes!.height),
    );
    expect(apart).toBeGreaterThanOrEqual(8);
    await ask.getByRole('button', { name: 'No' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/\/test$/);
    await logoutFromHeader(page, person, { timed: true });
    const dialog = page.getByRole('dialog', { name: 'Sincronizzazione' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await expectAccessible(page, 'logout synchronisation dialog');
    await page.unroute('**/api/tests/**');
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
    await expect(dialog).toBeHidden();

    await signIn(page, person);
    expect((await serverProgress(page, { campaignId, testId, userId })).answers).toEqual({ q1: 'a' });

    // 'Salta': what is left becomes log entries and the logout is immediate.
    const second = await openTest(page, testId);
    await page.route('**/api/tests/**', (route) => route.fulfill(BUSY));
    await second.getByRole('radio', { name: 'b) 600' }).check();
    await expect(saveStatus(page)).toHaveText('Salvataggio non riuscito: nuovo tentativo in corso');
    await logoutFromHeader(page, person, { timed: true });
    await page.getByRole('dialog', { name: 'Sincronizzazione' }).getByRole('button', { name: 'Salta' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test('exit asks for confirmation (timed test), and "Consegna" completes the test in the room', async ({ page }) => {
    const { people, campaignId, testIds } = seedCampaignWithTests([NUMERICAL]);
    const [testId] = testIds;
    const activity = await signInAndOpen(page, people[0], testId);

    // The header's close button asks first while the test is loaded.
    await page.getByRole('link', { name: "Chiudi l'attività" }).click();
    const confirm = page.getByRole('dialog', { name: 'Sei sicuro/a di uscire?' });
    await expect(confirm).toBeVisible();
    // What is true of a timed test: the time runs on, how much is left (m:ss), and one may come back.
    await expect(confirm).toContainText(
      /Il tempo continua a scorrere anche se esci: restano (20:00|19:[0-5]\d) e puoi tornare all'attività finché non è scaduto\./,
    );
    await expect(confirm).not.toContainText('non potrai più ritornare');
    await expectAccessible(page, 'exit confirmation');
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/test$/);

    await answerAllAndDeliver(activity, 'click');
    await expect(saveStatus(page)).toHaveText('Salvato');

    // The activity's own exit returns to the room without asking.
    await activity.getByRole('button', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The room shows it complete (the dashboard's count), and the server agrees.
    await expect(page.getByText('Hai completato 1 di 1 attività')).toBeVisible();
    await expect
      .poll(async () => {
        const list = (await (await page.request.get('/api/usertests')).json()) as { tests: Array<{ id: number; status: string }> };
        return list.tests.find((t) => t.id === testId)?.status;
      })
      .toBe('complete');
    const userId = await myId(page);
    expect((await serverProgress(page, { campaignId, testId, userId })).status).toBe('complete');
  });

  test("untimed tests and tests with their own exit message; 'Sì' leaves; legacy tests need an up-to-date browser", async ({ page }) => {
    const { people, testIds } = seedCampaignWithTests([
      { ...NUMERICAL, name: 'Senza tempo', jsonData: { hasTimer: false } },
      {
        ...NUMERICAL,
        name: 'Con messaggio',
        jsonData: { hasTimer: true, duration: 20, exitMessage: { IT_it: 'Il tempo continua a scorrere.' } },
      },
      { ...NUMERICAL, name: 'Vecchia attività', legacy: true },
    ]);
    await page.goto('/login');
    await signIn(page, people[0]);
    const confirm = page.getByRole('dialog', { name: 'Sei sicuro/a di uscire?' });

    await openTest(page, testIds[0], 'Senza tempo');
    await page.getByRole('link', { name: "Chiudi l'attività" }).click();
    await expect(confirm).toContainText("Potrai completare l'attività in un secondo momento");
    await confirm.getByRole('button', { name: 'Sì' }).click();
    await expect(page).toHaveURL(/\/$/);
    // Stopping the test clears the current test.
    expect(await page.evaluate(() => sessionStorage.getItem('prova.currentTest'))).toBeNull();

    await openTest(page, testIds[1], 'Con messaggio');
    await page.getByRole('link', { name: "Chiudi l'attività" }).click();
    await expect(confirm).toContainText('Il tempo continua a scorrere.');
    await confirm.getByRole('button', { name: 'No' }).click();
    await expect(page).toHaveURL(/\/test$/);

    // A browser without the features of recent releases cannot run a legacy test.
    await page.addInitScript(() => {
      delete (Intl as { Segmenter?: unknown }).Segmenter;
    });
    await page.evaluate((id) => sessionStorage.setItem('prova.currentTest', JSON.stringify({ testId: id })), testIds[2]);
    await page.goto('/test');
    await expect(page.getByRole('alert')).toContainText('Usa una versione aggiornata di Chrome, Firefox, Edge o Safari.');
    await expect(page.locator('iframe')).toHaveCount(0);
  });

  test("a test whose page cannot be loaded says 'Impossibile caricare l'attività'", async ({ page }) => {
    const { people, testIds } = seedCampaignWithTests([{ name: 'Attività mancante', url: '/activities/does-not-exist/' }]);
    await page.goto('/login');
    await signIn(page, people[0]);
    await page.evaluate((id) => sessionStorage.setItem('prova.currentTest', JSON.stringify({ testId: id })), testIds[0]);
    await page.goto('/test');
    await expect(page.getByRole('alert').filter({ hasText: "Impossibile caricare l'attività" })).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('iframe[title="Attività mancante"]')).toBeHidden();
    // A failed test does not hold the user back.
    await page.getByRole('button', { name: 'Torna alle attività' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('without a current test /test goes back to the room', async ({ page }) => {
    const { people } = seedCampaignWithTests([NUMERICAL]);
    await page.goto('/login');
    await signIn(page, people[0]);
    await page.goto('/test');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the container passes an accessibility scan', async ({ page }) => {
    const { people, testIds } = seedCampaignWithTests([NUMERICAL]);
    await signInAndOpen(page, people[0], testIds[0]);
    await expect(saveStatus(page)).toHaveText('Salvato');
    await expectAccessible(page, 'test container');
  });

  test("another candidate cannot read or write this candidate's progress", async ({ page, browser }) => {
    const { people, campaignId, testIds } = seedCampaignWithTests([NUMERICAL], { candidates: 2 });
    const [testId] = testIds;
    const activity = await signInAndOpen(page, people[0], testId);
    await activity.getByRole('radio', { name: 'b) 600' }).check();
    await expect(saveStatus(page)).toHaveText('Salvato');
    const ownerId = await myId(page);

    const other = await browser.newContext();
    try {
      const login = await other.request.post('/api/auth/login', { data: { username: people[1].email, password: PASSWORD } });
      expect(login.ok()).toBe(true);
      const read = await other.request.get(`/api/tests/${testId}/data/${campaignId}/${ownerId}`);
      expect(read.status()).toBe(403);
      const sync = await other.request.get(`/api/tests/${testId}/sync/${campaignId}/${ownerId}`);
      expect(sync.status()).toBe(403);
      const write = await other.request.post(`/api/tests/${testId}/data/${campaignId}/${ownerId}`, { data: { version: 99, data: '{}' } });
      expect(write.status()).toBe(403);
    } finally {
      await other.close();
    }
    expect((await serverProgress(page, { campaignId, testId, userId: ownerId })).answers).toEqual({ q1: 'b' });
  });
});

test.describe('test delivery on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true });

  test('the test fills the screen and can be taken by keyboard', async ({ page }) => {
    const { people, campaignId, testIds } = seedCampaignWithTests([NUMERICAL]);
    const [testId] = testIds;
    const activity = await signInAndOpen(page, people[0], testId);
    const userId = await myId(page);
    expect(await hasHorizontalScroll(page)).toBe(false);
    const frame = await page.locator(`iframe[title="${TITLE}"]`).boundingBox();
    expect(frame!.width).toBeGreaterThanOrEqual(300);
    expect(frame!.height).toBeGreaterThanOrEqual(400);

    // Tab from the page into the activity, to the first question's options.
    const first = activity.getByRole('radio', { name: 'a) 550' });
    for (let i = 0; i < 30 && !(await first.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(first).toBeFocused();
    await page.keyboard.press('ArrowDown'); // b) 600
    await expect(activity.getByRole('radio', { name: 'b) 600' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(activity.getByRole('radio', { name: 'a) 35%' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown'); // d) 87,5%
    await expect(activity.getByRole('radio', { name: 'd) 87,5%' })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // a) Lana
    await expect(activity.getByRole('radio', { name: 'a) Lana', exact: true })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(activity.getByRole('button', { name: 'Consegna' })).toBeFocused();
    await page.keyboard.press('Enter');
    // The activity's own dialog: focus starts on the safe choice, the next Tab reaches 'Sì, consegna'.
    const confirm = activity.getByRole('dialog', { name: 'Vuoi consegnare le risposte?' });
    await expect(confirm.getByRole('button', { name: 'Torna alle domande' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Sì, consegna' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(activity.getByText('Risposte consegnate. Grazie!')).toBeVisible();

    await expect(saveStatus(page)).toHaveText('Salvato');
    await expect.poll(async () => (await serverProgress(page, { campaignId, testId, userId })).status).toBe('complete');
    expect((await serverProgress(page, { campaignId, testId, userId })).answers).toEqual({ q1: 'b', q2: 'd', q3: 'a' });
  });

  test('a candidate takes a test from the room to completion by touch', async ({ baseURL }) => {
    // Chromium 150's touch emulation does not reach a frame in another process: this browser keeps the activity's frame
    // on its own origin (the same-origin rules are unchanged) but in the page's process, so taps arrive as on a phone.
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--disable-site-isolation-trials', '--disable-features=IsolateOrigins,site-per-process'],
    });
    const context = await browser.newContext({ baseURL, viewport: { width: 320, height: 640 }, hasTouch: true });
    const page = await context.newPage();
    const { people, campaignId, testIds } = seedCampaignWithTests([NUMERICAL]);
    const [testId] = testIds;
    await page.goto('/login');
    await signIn(page, people[0]);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Hai completato 0 di 1 attività')).toBeVisible();

    // Room: list, details, Entra.
    await page.getByRole('link', { name: 'Attività' }).tap();
    await expect(page).toHaveURL(/\/tests$/);
    await page
      .getByRole('region', { name: 'Elenco delle attività' })
      .getByRole('button', { name: new RegExp(`^${TITLE} `) })
      .tap();
    await expect(page).toHaveURL(/\/start$/);
    await page.getByRole('button', { name: 'Entra' }).tap();
    await expect(page).toHaveURL(/\/test$/);

    // The activity fills the phone without sideways scrolling, and takes taps.
    const activity = page.frameLocator(`iframe[title="${TITLE}"]`);
    await expect(activity.getByRole('heading', { name: TITLE })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    const frame = await page.locator(`iframe[title="${TITLE}"]`).boundingBox();
    expect(frame!.width).toBeGreaterThanOrEqual(300);
    await answerAllAndDeliver(activity, 'tap');
    await expect(saveStatus(page)).toHaveText('Salvato');

    // Back in the room the test counts as done, and the server holds the answers, scored.
    await activity.getByRole('button', { name: 'Esci' }).tap();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Hai completato 1 di 1 attività')).toBeVisible();
    const userId = await myId(page);
    const progress = await serverProgress(page, { campaignId, testId, userId });
    expect(progress).toMatchObject({ status: 'complete', answers: { q1: 'b', q2: 'd', q3: 'a' } });
    await browser.close();
  });
});
