import { expect, request as playwrightRequest, test, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { seedCampaignWithTests, type Person, type TestSpec } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// Issue 54, "Nothing a person types is lost": a shared computer (answers left after 'Salta' go under their owner's
// session only, when that person signs in again on the same browser) and a timed test that loses its connection
// (said at once, beside the time left).

const TITLE = 'Ragionamento numerico';
/** The sample activity (activities/numerical) as a timed test: the server's clock runs from the opening. */
const TIMED: TestSpec = { name: TITLE, url: '/activities/numerical/', jsonData: { hasTimer: true, duration: 20 } };
const UNREACHABLE = 'Connessione assente: le risposte non arrivano al server';

const saveStatus = (page: Page) => page.getByRole('banner').getByRole('status');
const fullName = (person: Person) => `${person.firstName} ${person.lastName}`;

/** Signs in on the login page and opens the test as the room leaves it (its "current test", then /test). */
async function signInAndOpen(page: Page, person: Person, testId: number): Promise<FrameLocator> {
  await signIn(page, person);
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate((id) => sessionStorage.setItem('prova.currentTest', JSON.stringify({ testId: id })), testId);
  await page.goto('/test');
  const activity = page.frameLocator(`iframe[title="${TITLE}"]`);
  await expect(activity.getByRole('heading', { name: TITLE })).toBeVisible();
  return activity;
}

/** Signs out from the header during the timed test: the app asks first ('Sì'), then the logout waits for the queue. */
async function signOutOfTimedTest(page: Page, person: Person) {
  await page.getByRole('button', { name: fullName(person) }).click();
  await page.getByRole('button', { name: 'Esci' }).click();
  await page.getByRole('dialog', { name: 'Sei sicuro/a di uscire?' }).getByRole('button', { name: 'Sì' }).click();
}

/** A session of the person's own, through the API only (what the server holds, read as they may read it). */
async function apiSession(baseURL: string | undefined, person: Person): Promise<{ api: APIRequestContext; userId: number }> {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { username: person.email, password: person.password } });
  expect(login.status(), await login.text()).toBe(200);
  const { user } = (await (await api.get('/api/auth/me')).json()) as { user: { id: number } };
  return { api, userId: user.id };
}

/** The answers the server holds of this person in the test (GET /api/tests/{t}/data/{c}/{u}). */
async function answersOf(api: APIRequestContext, ids: { campaignId: number; testId: number; userId: number }) {
  const response = await api.get(`/api/tests/${ids.testId}/data/${ids.campaignId}/${ids.userId}`);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { data: string | null } };
  return data.data ? ((JSON.parse(data.data) as { answers?: Record<string, string> }).answers ?? {}) : {};
}

test.describe('a shared computer', () => {
  test("answers left after 'Salta' are never sent under the next person, and arrive when their owner signs in again", async ({
    page,
    context,
    baseURL,
  }) => {
    const { people, campaignId, testIds } = seedCampaignWithTests([TIMED], { candidates: 2 });
    const [testId] = testIds;
    const [chiara, marco] = people;
    const asChiara = await apiSession(baseURL, chiara);
    const asMarco = await apiSession(baseURL, marco);

    // Chiara answers with the connection gone: told at once, beside the time left.
    await page.goto('/login');
    const activity = await signInAndOpen(page, chiara, testId);
    await expect(saveStatus(page)).toHaveText('Salvato');
    await context.setOffline(true);
    await activity.getByRole('radio', { name: 'b) 600' }).check();
    await expect(saveStatus(page)).toHaveText('Sei offline: 1 modifica in attesa');
    await expect(page.getByRole('alert').filter({ hasText: UNREACHABLE })).toBeVisible();

    // She signs out: the dialog says what stays behind; 'Aspetta' is the main action, she chooses 'Salta'.
    await signOutOfTimedTest(page, chiara);
    const dialog = page.getByRole('dialog', { name: 'Sincronizzazione' });
    await expect(dialog).toContainText('1 risposta non è ancora arrivata al server');
    await expect(dialog).toContainText('restano in questo browser e partono quando rientri qui con il tuo account');
    await expect(dialog.getByRole('button', { name: 'Aspetta' })).toBeFocused();
    await expectAccessible(page, 'logout dialog with an answer not yet sent');
    // At 320 px both actions stay in view, side by side or one above the other, and nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 640 });
    await expect(dialog.getByRole('button', { name: 'Aspetta' })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Salta' })).toBeInViewport();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await dialog.getByRole('button', { name: 'Salta' }).click();
    // Back to the desktop the rest of the story is told on (the phone header names its buttons otherwise).
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(page).toHaveURL(/\/login$/);

    // Marco signs in on the same browser, online, and works: Chiara's answer is not sent under his session.
    await context.setOffline(false);
    const his = await signInAndOpen(page, marco, testId);
    await his.getByRole('radio', { name: 'c) 620' }).check();
    await expect(saveStatus(page)).toHaveText('Salvato');
    await expect.poll(() => answersOf(asMarco.api, { campaignId, testId, userId: asMarco.userId })).toEqual({ q1: 'c' });
    expect(await answersOf(asChiara.api, { campaignId, testId, userId: asChiara.userId })).toEqual({});
    await signOutOfTimedTest(page, marco);
    await expect(page).toHaveURL(/\/login$/);
    expect(await answersOf(asChiara.api, { campaignId, testId, userId: asChiara.userId })).toEqual({});
    expect(await answersOf(asMarco.api, { campaignId, testId, userId: asMarco.userId })).toEqual({ q1: 'c' });

    // Chiara signs in again on this browser: her answer arrives, under her own session.
    await signIn(page, chiara);
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => answersOf(asChiara.api, { campaignId, testId, userId: asChiara.userId })).toEqual({ q1: 'b' });
    expect(await answersOf(asMarco.api, { campaignId, testId, userId: asMarco.userId })).toEqual({ q1: 'c' });
  });
});

test.describe('a timed test without a connection', () => {
  test('says at once, beside the time left, that answers are not reaching the server, and stops when they do again', async ({
    page,
    context,
  }) => {
    const { people, testIds } = seedCampaignWithTests([TIMED]);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/login');
    const activity = await signInAndOpen(page, people[0], testIds[0]);
    await expect(saveStatus(page)).toHaveText('Salvato');
    const warning = page.getByRole('alert').filter({ hasText: UNREACHABLE });
    await expect(warning).toHaveCount(0);

    await context.setOffline(true);
    await expect(warning).toBeVisible();
    await expect(page.getByText(/^Tempo rimasto: \d+:\d\d$/)).toBeVisible();
    await activity.getByRole('radio', { name: 'b) 600' }).check();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page, 'timed test without a connection');

    await context.setOffline(false);
    await expect(warning).toHaveCount(0);
    await expect(page.getByText(/^Tempo rimasto: /)).toHaveCount(0);
    await expect(saveStatus(page)).toHaveText('Salvato');
  });
});
