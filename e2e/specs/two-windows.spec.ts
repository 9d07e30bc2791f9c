import { expect, test, type Browser, type FrameLocator, type Page } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { seedCampaignWithTests, type TestSpec } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// Issue 54: two windows on one test overwrote each other, both saying saved. The last window to open the test holds
// it; another tab of the same browser is told at once, another device at its next save (which the server refuses and
// does not apply), and "Continua qui" takes the test over there from the latest answers.

const TITLE = 'Ragionamento numerico';
const NUMERICAL: TestSpec = { name: TITLE, url: '/activities/numerical/', jsonData: { hasTimer: false } };
const NOTICE = "Questo test è aperto in un'altra finestra.";

const saveStatus = (page: Page) => page.getByRole('banner').getByRole('status');

/** The room's "current test" as the start page leaves it (src/lib/current-test.ts), then /test, once the activity started. */
async function openTest(page: Page, testId: number): Promise<FrameLocator> {
  await page.evaluate((id) => sessionStorage.setItem('prova.currentTest', JSON.stringify({ testId: id })), testId);
  await page.goto('/test');
  const activity = page.frameLocator(`iframe[title="${TITLE}"]`);
  await expect(activity.getByRole('heading', { name: TITLE })).toBeVisible();
  return activity;
}

/** The answers the server holds (GET /api/tests/{t}/data/{c}/{u}). */
async function serverAnswers(page: Page, campaignId: number, testId: number) {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } };
  const response = await page.request.get(`/api/tests/${testId}/data/${campaignId}/${me.user.id}`);
  const { data } = (await response.json()) as { data: { data: string | null } };
  return data.data ? ((JSON.parse(data.data) as { answers?: Record<string, string> }).answers ?? {}) : {};
}

/**
 * One answer given on a first device, then the test opened on another (a browser of its own: nothing tells the first
 * one) and answered there; both answers on the server.
 */
async function answeredOnTwoDevices(page: Page, browser: Browser) {
  const { people, campaignId, testIds } = seedCampaignWithTests([NUMERICAL]);
  const [testId] = testIds;
  await page.goto('/login');
  await signIn(page, people[0]);
  const first = await openTest(page, testId);
  await first.getByRole('radio', { name: 'b) 600' }).check();
  await expect(saveStatus(page)).toHaveText('Salvato');
  const device = await browser.newContext();
  const phone = await device.newPage();
  await phone.goto('/login');
  await signIn(phone, people[0]);
  const second = await openTest(phone, testId);
  await second.getByRole('radio', { name: 'd) 87,5%' }).check();
  await expect.poll(() => serverAnswers(phone, campaignId, testId)).toEqual({ q1: 'b', q2: 'd' });
  return { first, device, campaignId, testId };
}

test('two tabs on one test: the first is told as the second opens it, and "Continua qui" goes on from the latest answers', async ({
  page,
  context,
}) => {
  const { people, campaignId, testIds } = seedCampaignWithTests([NUMERICAL]);
  const [testId] = testIds;
  await page.goto('/login');
  await signIn(page, people[0]);
  await expect(page).toHaveURL(/\/$/);
  const first = await openTest(page, testId);
  await first.getByRole('radio', { name: 'b) 600' }).check();
  await expect(saveStatus(page)).toHaveText('Salvato');

  // The same test in a second tab of the same browser: it starts from what the first saved, and holds the test now.
  const other = await context.newPage();
  await other.goto('/');
  const second = await openTest(other, testId);
  await expect(second.getByRole('radio', { name: 'b) 600' })).toBeChecked();

  // The first tab is told at once (the tabs of a browser tell each other), before anything typed there could be lost.
  const notice = page.getByRole('alertdialog', { name: NOTICE });
  await expect(notice).toBeVisible();
  await expect(notice).toBeFocused();
  await expect(notice).toContainText("Continuando qui riparti da quanto salvato nell'altra finestra.");
  await expect(page.locator(`iframe[title="${TITLE}"]`)).toBeHidden();
  // The header no longer says 'Salvato': nothing in this window is.
  await expect(saveStatus(page)).toHaveText("Non salvato qui: aperto in un'altra finestra");
  await expectAccessible(page, 'the notice of a test open in another window');
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(notice.getByRole('button', { name: 'Continua qui' })).toBeInViewport();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await page.setViewportSize(desktop);

  await second.getByRole('radio', { name: 'd) 87,5%' }).check();
  await expect(saveStatus(other)).toHaveText('Salvato');
  await expect.poll(() => serverAnswers(other, campaignId, testId)).toEqual({ q1: 'b', q2: 'd' });

  // "Continua qui", by keyboard: the first tab takes the test over, from the second tab's answers; the second is told.
  await page.keyboard.press('Tab');
  await expect(notice.getByRole('button', { name: 'Continua qui' })).toBeFocused();
  await page.keyboard.press('Enter');
  const again = page.frameLocator(`iframe[title="${TITLE}"]`);
  await expect(again.getByRole('radio', { name: 'd) 87,5%' })).toBeChecked();
  await expect(again.getByRole('radio', { name: 'b) 600' })).toBeChecked();
  await expect(notice).toBeHidden();
  await expect(saveStatus(page)).toHaveText('Salvato');
  await expect(other.getByRole('alertdialog', { name: NOTICE })).toBeVisible();
  // The activity scrolls to the question it was on as it starts again: a click during that scroll may land beside.
  await expect(() => again.getByRole('radio', { name: 'a) Lana' }).check({ timeout: 2000 })).toPass();
  await expect(saveStatus(page)).toHaveText('Salvato');
  await expect.poll(() => serverAnswers(page, campaignId, testId)).toEqual({ q1: 'b', q2: 'd', q3: 'a' });
});

test('two devices on one test: the one that lost it is told at its next save, which the server does not apply', async ({
  page,
  browser,
}) => {
  const { first, device, campaignId, testId } = await answeredOnTwoDevices(page, browser);

  // The first device, which never saw that answer, answers on: it is told, and its answer is not applied.
  await first.getByRole('radio', { name: 'a) 550' }).check();
  const notice = page.getByRole('alertdialog', { name: NOTICE });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Le ultime modifiche fatte qui non sono state salvate');
  await expect(saveStatus(page)).toHaveText("Non salvato qui: aperto in un'altra finestra");
  expect(await serverAnswers(page, campaignId, testId)).toEqual({ q1: 'b', q2: 'd' });
  await device.close();
});

test('two devices on one test: the one that lost it is told as soon as the person comes back to it, before typing', async ({
  page,
  browser,
}) => {
  const { device } = await answeredOnTwoDevices(page, browser);

  // The person goes back to the first device's window: it asks the server, and says so with nothing typed there yet.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const notice = page.getByRole('alertdialog', { name: NOTICE });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Continuando qui riparti da quanto salvato nell'altra finestra.");
  await expect(notice).not.toContainText('non sono state salvate');
  await expect(saveStatus(page)).toHaveText("Non salvato qui: aperto in un'altra finestra");

  // "Continua qui" starts from what the phone saved.
  await notice.getByRole('button', { name: 'Continua qui' }).click();
  const again = page.frameLocator(`iframe[title="${TITLE}"]`);
  await expect(again.getByRole('radio', { name: 'd) 87,5%' })).toBeChecked();
  await device.close();
});
