import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { seedCampaignWithTests } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// A partner's activity, served by its own process on its own origin, written against the public
// interface only: it loads the SDK from the platform with a script tag and goes through the calls.

// One worker for the file: the partner listens on the one port the operator listed.
test.describe.configure({ mode: 'default' });

const NAME = 'Attività di un partner';
let partner: ChildProcess;
let partnerOrigin: string;

test.beforeAll(async ({ baseURL }) => {
  // The operator's one external origin (ACTIVITY_ORIGINS, set by playwright.config.ts for the server and the importer).
  partnerOrigin = process.env.E2E_PARTNER_ORIGIN!;
  const port = new URL(partnerOrigin).port;
  partner = spawn('node', [fileURLToPath(new URL('../fixtures/third-party-activity/serve.mjs', import.meta.url)), port, baseURL!], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(partner.stdout!, 'data');
});

test.afterAll(() => {
  partner?.kill();
});

test('an activity on its own origin loads the SDK from the platform and goes through init, setData, trackOutcomes, markComplete and exit', async ({
  page,
}) => {
  const { people, campaignId, testIds } = seedCampaignWithTests([{ name: NAME, url: `${partnerOrigin}/`, jsonData: { hasTimer: false } }]);
  const [testId] = testIds;
  // The server frames the partner's origin because the operator listed it, not because a bundle named it.
  const frameSrc = ((await page.request.get('/login')).headers()['content-security-policy'] ?? '')
    .split(';')
    .find((d) => d.trim().startsWith('frame-src'));
  expect(frameSrc?.trim().split(' ')).toContain(partnerOrigin);

  await page.goto('/login');
  await signIn(page, people[0]);
  await expect(page).toHaveURL(/\/$/);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } };
  await page.evaluate((id) => sessionStorage.setItem('prova.currentTest', JSON.stringify({ testId: id })), testId);
  await page.goto('/test');

  const activity = page.frameLocator(`iframe[title="${NAME}"]`);
  await expect(activity.getByRole('status')).toHaveText('SDK caricato');
  await expect(activity.getByText(`Utente ${me.user.id}, stato incomplete, versione 0`)).toBeVisible();
  const log = activity.getByRole('log');

  // Argument errors come first, whoever asks: a candidate hears of the missing id.
  await activity.getByRole('button', { name: 'Leggi senza id' }).click();
  await expect(log).toContainText('Errore: no user id defined');

  await activity.getByRole('button', { name: 'Salva' }).click();
  await expect(log).toContainText('Salvato v1');
  await activity.getByRole('button', { name: 'Registra esiti' }).click();
  await expect(log).toContainText('Esiti registrati');
  await activity.getByRole('button', { name: 'Completa' }).click();
  await expect(log).toContainText('Completato (complete)');

  // Everything reached the server through the host's queue.
  await expect
    .poll(async () => (await (await page.request.get(`/api/tests/${testId}/data/${campaignId}/${me.user.id}`)).json()).data)
    .toEqual({ version: 1, status: 'complete', data: '{"note":"ciao"}' });

  // exit(): the host closes the activity and the room shows the test complete.
  await activity.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: new RegExp(`^${NAME} `) })).toHaveAccessibleName(`${NAME} Completata`);
});

test("a test on an origin the operator did not list is refused by the importer, and the page's headers stay as they were", async ({
  page,
}) => {
  const before = (await page.request.get('/login')).headers()['content-security-policy'];
  const elsewhere = `http://127.0.0.1:${Number(new URL(partnerOrigin).port) + 1}`;
  let stderr = '';
  try {
    seedCampaignWithTests([{ name: 'Non elencata', url: `${elsewhere}/` }]);
  } catch (error) {
    stderr = String((error as { stderr?: Buffer }).stderr ?? '');
  }
  expect(stderr).toContain(`tests[0].url: ${elsewhere} is not an origin this platform frames`);
  expect((await page.request.get('/login')).headers()['content-security-policy']).toBe(before);
});
