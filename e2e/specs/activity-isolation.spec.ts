import { expect, test } from '@playwright/test';
import { seedCampaignWithTests } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// The platform's own activities run on their own origin (ACTIVITIES_URL): a script injected into one
// (played here by code run inside the activity's frame) cannot reach the app's pages, cookies,
// storage or API. And a test that points at a page of the app opens that page, never the app framed in itself.

const NUMERICAL = { name: 'Ragionamento numerico', url: '/activities/numerical/', jsonData: { hasTimer: false } };
const OWN_PAGE = { name: 'Il report', url: '/report', jsonData: { hasTimer: false } };

test("a script in a platform activity reaches none of the app's pages, cookies, storage or API", async ({ page, baseURL }) => {
  const { people, testIds } = seedCampaignWithTests([NUMERICAL]);
  await page.goto('/login');
  await signIn(page, people[0]);
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate((id) => sessionStorage.setItem('prova.currentTest', JSON.stringify({ testId: id })), testIds[0]);
  await page.goto('/test');
  const activity = page.frameLocator(`iframe[title="${NUMERICAL.name}"]`);
  await expect(activity.getByRole('heading', { name: NUMERICAL.name })).toBeVisible();

  const frame = page.frames().find((f) => f.url().includes('/activities/numerical/'))!;
  const appOrigin = new URL(baseURL!).origin;
  const seen = await frame.evaluate(async (app) => {
    const attempt = async (work: () => unknown) => {
      try {
        return { ok: true, value: String(await work()) };
      } catch (error) {
        return { ok: false, value: String(error) };
      }
    };
    return {
      origin: location.origin,
      parentPage: await attempt(() => window.parent.document.title),
      cookie: document.cookie,
      appStorage: await attempt(() => sessionStorage.getItem('prova.currentTest')),
      appApi: await attempt(() => fetch(`${app}/api/auth/me`, { credentials: 'include' }).then((r) => r.status)),
      ownOriginApi: await attempt(() => fetch('/api/auth/me', { credentials: 'include' }).then((r) => r.status)),
    };
  }, appOrigin);

  expect(seen.origin).not.toBe(appOrigin);
  expect(seen.parentPage.ok).toBe(false);
  expect(seen.cookie).not.toContain('prova_session');
  // The app's own storage is not the activity's: the current test the app keeps is not there.
  expect(seen.appStorage.value).not.toContain('testId');
  // The activity may talk to its own origin only, where there is no API.
  expect(seen.appApi.ok).toBe(false);
  expect(seen.ownOriginApi).toEqual({ ok: true, value: '404' });

  // The app still hears the activity: an answer is saved as usual.
  await activity.getByRole('radio', { name: 'b) 600', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('Salvato');
});

test('a test whose url is a page of the app opens that page instead of framing the app in itself', async ({ page }) => {
  const { people, testIds } = seedCampaignWithTests([OWN_PAGE]);
  await page.goto('/login');
  await signIn(page, people[0]);
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate((id) => sessionStorage.setItem('prova.currentTest', JSON.stringify({ testId: id })), testIds[0]);
  await page.goto('/test');
  await expect(page).toHaveURL(/\/report$/);
  await expect(page.locator('iframe')).toHaveCount(0);
  // And the server forbids any framing of the app, should a page try.
  const headers = (await page.request.get('/report')).headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
});
