import { expect, request as playwrightRequest, test } from '@playwright/test';
import { startWebhookReceiver, type WebhookReceiver } from '@prova/test-support/webhook-receiver';
import { expectAccessible } from '../fixtures/a11y';
import { E2E_PORTS } from '../fixtures/ports';
import { importBundle, PASSWORD, type Person, uniqueId } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// Integrations (issue 51): staff make an API token and a webhook in the console; a candidate finishes the campaign's
// test; the company's HR system (a receiver in a process of its own that checks every signature and answers 500 twice
// before 200) hears of it within seconds, without polling, and the console's delivery log shows it.

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver({ port: E2E_PORTS.webhookReceiver, failFirst: 2 });
});
test.afterAll(async () => receiver?.close());

function seedCompany() {
  const n = uniqueId();
  const company = `E2E Integrazioni ${n}`;
  const staff: Person = { email: `staff.${n}@e2e.example`, password: PASSWORD, firstName: 'Ivo', lastName: `Staff${n}` };
  const candidate: Person = { email: `candidate.${n}@e2e.example`, password: PASSWORD, firstName: 'Lia', lastName: `Test${n}` };
  const campaignId = n * 10;
  const testId = n * 10 + 1;
  importBundle({
    version: 1,
    companies: [{ name: company }],
    users: [
      { company, ...staff, role: 'admin', privacy: true },
      { company, ...candidate, privacy: true },
    ],
    tests: [{ id: testId, abbreviation: `INT${n}`, name: 'Stili di lavoro', url: '/activities/workstyles/', owner: company }],
    campaigns: [
      {
        id: campaignId,
        company,
        name: `Campagna integrata ${n}`,
        languages: ['IT_it'],
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        tests: [{ test: testId }],
        participants: [{ user: candidate.email }],
      },
    ],
  });
  return { staff, candidate, campaignId, testId };
}

test('staff connect an HR system: a token, a webhook, and every finished candidate announced within seconds', async ({ page, baseURL }) => {
  const { staff, candidate, campaignId, testId } = seedCompany();
  await signIn(page, staff);
  await page.goto('/console/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrazioni' })).toBeVisible();
  await expectAccessible(page, 'the integrations page');

  // A token with one scope, shown once; it reads the company's results and nothing else.
  await page.getByLabel('Nome', { exact: true }).fill('Gestionale HR');
  await page.getByRole('checkbox', { name: 'Leggere i risultati' }).check();
  await page.getByRole('button', { name: 'Crea la chiave' }).click();
  const token = (await page.getByTestId('secret').textContent())!;
  expect(token).toMatch(/^prova_/);
  await expectAccessible(page, 'a token shown once');
  await page.getByRole('button', { name: 'Fatto' }).click();
  const hr = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  const campaigns = await hr.get('/api/staff/campaigns');
  expect(campaigns.status()).toBe(200);
  expect((await campaigns.json()).campaigns.map((c: { id: number }) => c.id)).toEqual([campaignId]);
  expect((await hr.get('/api/people')).status()).toBe(403);

  // A webhook for every event; its signing secret goes to the receiver.
  await page.getByLabel('Indirizzo (URL)').fill(receiver.url);
  await page.getByRole('button', { name: 'Aggiungi il webhook' }).click();
  await receiver.setSecret((await page.getByTestId('secret').textContent())!);
  await page.getByRole('button', { name: 'Fatto' }).click();
  await expect(page.getByRole('heading', { level: 3, name: receiver.url })).toBeVisible();

  // The candidate finishes the campaign's one test.
  const lia = await playwrightRequest.newContext({ baseURL });
  expect((await lia.post('/api/auth/login', { data: { username: candidate.email, password: candidate.password } })).status()).toBe(200);
  expect((await lia.post(`/api/usercampaign/${campaignId}`, { data: {} })).status()).toBe(200);
  const me = (await (await lia.get('/api/auth/me')).json()).user.id as number;
  const finishedAt = Date.now();
  expect((await lia.post(`/api/outcomes/${campaignId}/${testId}/${me}`, { data: { values: [] } })).status()).toBe(200);

  // Signed, after two 500s, within seconds.
  const heard = await receiver.waitFor((a) => a.event?.type === 'campaign.finished' && a.status === 200, 20_000);
  expect(heard.at - finishedAt).toBeLessThan(15_000);
  expect(heard.event!.data).toEqual({ campaignId, participantId: me, email: candidate.email });
  const attempts = (await receiver.received()).filter((a) => a.event?.id === heard.event!.id);
  expect(attempts.map((a) => [a.status, a.refused])).toEqual([
    [500, null],
    [500, null],
    [200, null],
  ]);

  // The delivery log shows it delivered on the third attempt, with the receiver's answer.
  const log = page.getByRole('region', { name: 'Registro degli invii' }).last();
  const row = log.getByRole('row').filter({ hasText: 'Campagna terminata da un partecipante' });
  await expect(row).toContainText('Consegnato', { timeout: 10_000 });
  await expect(row.getByRole('cell').nth(2)).toHaveText('3');
  await expect(row).toContainText('200');
  await expectAccessible(page, 'the delivery log');
  await row.getByRole('button', { name: 'Invia di nuovo' }).click();
  await receiver.waitFor((a) => a.event?.id === heard.event!.id && a.attempt === 4, 10_000);

  await hr.dispose();
  await lia.dispose();
});
