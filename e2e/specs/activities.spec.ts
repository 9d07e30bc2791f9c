import { readFileSync } from 'node:fs';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { seedCampaignWithTests, type Person, type TestSpec } from '../fixtures/seed';
import { signInAndOpenTest } from '../fixtures/test-page';

// The demo's activities, each run through the real app in Chromium: the activity kit's sticky bar
// and dialog, keyboard and 320 px, resuming after a reload, and what reaches the server.

const demo = JSON.parse(readFileSync(new URL('../../apps/server/src/import/demo-bundle.json', import.meta.url), 'utf8')) as {
  tests: Array<{ abbreviation: string; jsonData: Record<string, unknown>; theme?: Record<string, unknown>; algorithm?: string }>;
};
const demoTest = (abbreviation: string) => demo.tests.find((t) => t.abbreviation === abbreviation)!;

const NUMERICAL: TestSpec = {
  name: 'Ragionamento numerico',
  url: '/activities/numerical/',
  jsonData: { hasTimer: true, duration: 20 },
  algorithm: demoTest('RAG').algorithm,
};
const WORKSTYLES: TestSpec = { name: 'Stili di lavoro', url: '/activities/workstyles/', jsonData: { hasTimer: false } };
const INBOX: TestSpec = {
  name: 'Posta in arrivo',
  url: '/activities/in-basket/',
  jsonData: demoTest('IBX').jsonData,
  theme: demoTest('IBX').theme,
  algorithm: demoTest('IBX').algorithm,
};

async function open(page: Page, person: Person, testId: number, name: string): Promise<FrameLocator> {
  const activity = await signInAndOpenTest(page, person, testId, name);
  await expect(activity.getByRole('banner')).toContainText(name);
  return activity;
}

async function serverData(page: Page, ids: { campaignId: number; testId: number }) {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } };
  const response = await page.request.get(`/api/tests/${ids.testId}/data/${ids.campaignId}/${me.user.id}`);
  const { data } = (await response.json()) as { data: { version: number; status: string; data: string | null } };
  return { status: data.status, data: data.data ? (JSON.parse(data.data) as Record<string, unknown>) : null };
}

const saved = (page: Page) => expect(page.getByRole('banner').getByRole('status')).toHaveText('Salvato');

test.describe('numerical reasoning', () => {
  test('a sticky bar with the question and the time left, an own dialog naming what is unanswered, resumed after a reload', async ({
    page,
  }) => {
    const { people, campaignId, testIds } = seedCampaignWithTests([NUMERICAL]);
    const activity = await open(page, people[0], testIds[0], NUMERICAL.name);
    const bar = activity.getByRole('banner');
    await expect(bar).toContainText('Domanda 1 di 3');
    await expect(bar.getByLabel('Tempo rimasto')).toHaveText(/^Tempo rimasto: (20:00|19:5\d)$/);
    // The timer is not a live region: a screen reader is not interrupted every second.
    await expect(activity.locator('[aria-live]').filter({ hasText: 'Tempo rimasto' })).toHaveCount(0);
    await expectAccessible(page, 'numerical activity');

    await activity.getByRole('radio', { name: 'b) 600' }).check();
    await activity.getByRole('radio', { name: 'a) 35%' }).focus();
    await expect(bar).toContainText('Domanda 2 di 3');
    await activity.getByRole('radio', { name: 'd) 87,5%' }).check();
    await saved(page);

    // Handing in with a question left: the dialog names it, and going back keeps everything.
    await activity.getByRole('button', { name: 'Consegna' }).click();
    const confirm = activity.getByRole('dialog', { name: 'Vuoi consegnare le risposte?' });
    await expect(confirm.getByRole('listitem')).toHaveText(['3. Quale prodotto ha venduto di più nel T3?']);
    await expectAccessible(page, 'numerical confirmation dialog');
    await confirm.getByRole('button', { name: 'Torna alle domande' }).click();
    await expect(confirm).toBeHidden();
    await expect(activity.getByRole('button', { name: 'Consegna' })).toBeFocused();

    // A reload puts the answers back, and the clock goes on from where it was.
    await expect
      .poll(async () => (await serverData(page, { campaignId, testId: testIds[0] })).data)
      .toMatchObject({ answers: { q1: 'b', q2: 'd' } });
    await page.reload();
    const again = page.frameLocator(`iframe[title="${NUMERICAL.name}"]`);
    await expect(again.getByRole('radio', { name: 'd) 87,5%' })).toBeChecked();
    await expect(again.getByRole('radio', { name: 'b) 600' })).toBeChecked();
    await expect(again.getByRole('banner')).toContainText('Domanda 2 di 3');
  });

  test.describe('on a 320 px phone', () => {
    test.use({ viewport: { width: 320, height: 640 }, hasTouch: true });

    test('the table and the questions fit without sideways scrolling', async ({ page }) => {
      const { people, testIds } = seedCampaignWithTests([NUMERICAL]);
      const activity = await open(page, people[0], testIds[0], NUMERICAL.name);
      await expect(activity.getByRole('table', { name: 'Vendite trimestrali (migliaia di euro)' })).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
      const inner = await activity.locator('html').evaluate((html) => html.scrollWidth > html.clientWidth);
      expect(inner).toBe(false);
      await expectAccessible(page, 'numerical activity at 320 px');
    });
  });
});

test.describe('work styles', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('answered by keyboard alone at 320 px, its outcomes complete the test', async ({ page }) => {
    const { people, campaignId, testIds } = seedCampaignWithTests([WORKSTYLES]);
    const activity = await open(page, people[0], testIds[0], WORKSTYLES.name);
    await expectAccessible(page, 'work styles at 320 px');
    expect(await activity.locator('html').evaluate((html) => html.scrollWidth > html.clientWidth)).toBe(false);

    const first = activity.getByRole('radio', { name: '1 – Per niente d’accordo' }).first();
    for (let i = 0; i < 40 && !(await first.evaluate((el) => el === el.ownerDocument.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    // Each statement: move to '4 – Abbastanza d’accordo', then Tab to the next statement.
    for (let item = 0; item < 5; item++) {
      for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowRight');
      if (item < 4) await page.keyboard.press('Tab');
    }
    await expect(activity.getByText('Risposte date: 5 di 5')).toBeVisible();
    await expect(activity.getByRole('banner')).toContainText('Domanda 5 di 5');
    await page.keyboard.press('Tab');
    await expect(activity.getByRole('button', { name: 'Invia' })).toBeFocused();
    await page.keyboard.press('Enter');
    const confirm = activity.getByRole('dialog', { name: 'Vuoi inviare il questionario?' });
    await expect(confirm).toContainText('Dopo l’invio non potrai più modificare le risposte.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(activity.getByText('Questionario inviato. Grazie!')).toBeVisible();
    await saved(page);
    await expect.poll(async () => (await serverData(page, { campaignId, testId: testIds[0] })).status).toBe('complete');
    expect((await serverData(page, { campaignId, testId: testIds[0] })).data).toMatchObject({
      answers: { problemi: 4, collaborazione: 4, risultato: 4, iniziativa: 4, energia: 4 },
    });
  });
});

test.describe('in-basket', () => {
  test('messages prioritised, delegated and answered, kept across a reload, handed in with what is left named', async ({ page }) => {
    const { people, campaignId, testIds } = seedCampaignWithTests([INBOX]);
    const activity = await open(page, people[0], testIds[0], INBOX.name);
    const bar = activity.getByRole('banner');
    await expect(bar).toContainText('Messaggio 1 di 5');
    await expect(bar).toContainText('Gestiti: 0 di 5');
    await expect(activity.getByRole('heading', { name: 'Offerta per Tessitura Alpina: da chiudere oggi' })).toBeVisible();
    // The agenda's preview opens the day, in plain words with the person's name.
    const briefing = activity.getByRole('region', { name: 'La tua posta di oggi' });
    await expect(briefing).toContainText('Ciao Chiara,');
    await expect(briefing).not.toContainText('<p>');
    await expectAccessible(page, 'in-basket');

    await activity.getByRole('radio', { name: 'Alta: oggi, prima di tutto' }).check();
    await activity.getByLabel('Risposta').fill('Confermo lo sconto del 5%: firmo entro le 16.');
    await expect(activity.getByText('45 di 500 caratteri')).toBeVisible();
    await activity.getByRole('button', { name: 'Messaggio successivo' }).click();
    await expect(activity.getByRole('heading', { name: 'Note spese di ottobre' })).toBeFocused();
    await activity.getByRole('radio', { name: 'Media: in giornata' }).check();
    await activity.getByLabel('Delega a').selectOption({ label: 'Irene Galli (Assistente commerciale)' });
    await expect(bar).toContainText('Gestiti: 2 di 5');
    await saved(page);
    await expect
      .poll(async () => (await serverData(page, { campaignId, testId: testIds[0] })).data)
      .toMatchObject({
        current: 'm2',
        items: {
          m1: { priority: 'alta', reply: 'Confermo lo sconto del 5%: firmo entro le 16.' },
          m2: { priority: 'media', delegate: 'assistente' },
        },
      });

    // A reload opens the same message with its choices.
    await page.reload();
    const again = page.frameLocator(`iframe[title="${INBOX.name}"]`);
    await expect(again.getByRole('heading', { name: 'Note spese di ottobre' })).toBeVisible();
    await expect(again.getByRole('radio', { name: 'Media: in giornata' })).toBeChecked();
    await expect(again.getByLabel('Delega a')).toHaveValue('assistente');

    await again.getByRole('button', { name: 'Consegna' }).click();
    const confirm = again.getByRole('dialog', { name: 'Vuoi consegnare la posta gestita?' });
    await expect(confirm.getByRole('listitem')).toHaveText([
      'Aggiornamento del portatile',
      'Campioni arrivati danneggiati',
      'Ritiro del corriere',
    ]);
    await confirm.getByRole('button', { name: 'Sì, consegna' }).click();
    await expect(again.getByText('Posta consegnata. Grazie!')).toBeVisible();
    await expect.poll(async () => (await serverData(page, { campaignId, testId: testIds[0] })).status).toBe('complete');
  });

  test('a reply typed and reloaded within 100 ms is kept; the header says saving meanwhile, and a few saves went, not one per key', async ({
    page,
  }) => {
    const { people, testIds } = seedCampaignWithTests([INBOX]);
    const activity = await open(page, people[0], testIds[0], INBOX.name);
    await saved(page);
    let saves = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/tests\/\d+\/data\//.test(request.url())) saves += 1;
    });
    const reply = 'Chiudo io con il cliente entro le 16.';
    await activity.getByLabel('Risposta').pressSequentially(reply, { delay: 20 });
    await expect(page.getByRole('banner').getByRole('status')).not.toHaveText('Salvato', { timeout: 100 });
    await page.reload();
    const again = page.frameLocator(`iframe[title="${INBOX.name}"]`);
    await expect(again.getByLabel('Risposta')).toHaveValue(reply);
    expect(saves).toBeLessThan(5);
  });

  test.describe('on a 320 px phone', () => {
    test.use({ viewport: { width: 320, height: 640 }, hasTouch: true });

    test('list and reader stack, without sideways scrolling', async ({ page }) => {
      const { people, testIds } = seedCampaignWithTests([INBOX]);
      const activity = await open(page, people[0], testIds[0], INBOX.name);
      await expect(activity.getByRole('navigation', { name: 'Messaggi' })).toBeVisible();
      expect(await activity.locator('html').evaluate((html) => html.scrollWidth > html.clientWidth)).toBe(false);
      await expectAccessible(page, 'in-basket at 320 px');
    });
  });
});

test.describe('a test finished elsewhere', () => {
  test('a save the server refuses (409) is dropped, the activity shows it finished and the room counts it, with no error', async ({
    page,
  }) => {
    const { people, campaignId, testIds } = seedCampaignWithTests([{ ...NUMERICAL, jsonData: { hasTimer: false } }]);
    const activity = await open(page, people[0], testIds[0], NUMERICAL.name);
    await activity.getByRole('radio', { name: 'b) 600' }).check();
    await saved(page);
    // Another tab hands the test in.
    const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } };
    const done = await page.request.post(`/api/tests/${testIds[0]}/status/${campaignId}/${me.user.id}`, {
      data: { version: 2, status: 'complete' },
    });
    expect(done.status()).toBe(200);

    // The activity saves again (as it does on an answer, or when the person moves on): refused.
    const frame = page.frames().find((f) => f.url().includes('/activities/numerical/'))!;
    await frame.evaluate(() =>
      (window as unknown as { ProvaActivity: { setData(d: unknown): Promise<unknown> } }).ProvaActivity.setData({
        answers: { q1: 'b', q2: 'a' },
      }),
    );
    await expect(activity.getByText('Hai completato questa attività.')).toBeVisible();
    await saved(page);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect((await serverData(page, { campaignId, testId: testIds[0] })).data).toMatchObject({ answers: { q1: 'b' } });
    expect((await serverData(page, { campaignId, testId: testIds[0] })).data).not.toMatchObject({ answers: { q2: 'a' } });
    await activity.getByRole('button', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Hai completato 1 di 1 attività')).toBeVisible();
  });
});

test.describe('a timed test on the server clock', () => {
  test('survives a reload without a new clock, and when time runs out hands in what was given, without an error', async ({ page }) => {
    // 15 seconds, and a test that opens only once it is complete.
    const { people, campaignId, testIds } = seedCampaignWithTests([
      { ...NUMERICAL, jsonData: { hasTimer: true, duration: 0.25 } },
      { ...WORKSTYLES, jsonData: { hasTimer: false } },
    ]);
    const activity = await open(page, people[0], testIds[0], NUMERICAL.name);
    const timer = activity.getByRole('banner').getByLabel('Tempo rimasto');
    await expect(timer).toHaveText(/^Tempo rimasto: 0:1\d$/);
    // The last minutes are said on screen, not only to screen readers.
    await expect(activity.getByRole('banner').getByText('Ultimo minuto')).toBeVisible();
    await activity.getByRole('radio', { name: 'b) 600' }).check();
    await saved(page);
    // A lost connection is said at once, on the clock; back online, it goes.
    await page.context().setOffline(true);
    const offline = activity.getByRole('banner').getByText(/^Sei offline: le risposte non arrivano al server/);
    await expect(offline).toBeVisible();
    await page.context().setOffline(false);
    await expect(offline).toBeHidden();

    // A reload keeps the clock: never back to 0:15.
    const secondsOf = async (f: FrameLocator) =>
      Number((await f.getByRole('banner').getByLabel('Tempo rimasto').textContent())!.split(':').pop());
    const before = await secondsOf(activity);
    await page.reload();
    const again = page.frameLocator(`iframe[title="${NUMERICAL.name}"]`);
    await expect(again.getByRole('radio', { name: 'b) 600' })).toBeChecked();
    expect(await secondsOf(again)).toBeLessThanOrEqual(before);
    await again.getByRole('radio', { name: 'd) 87,5%' }).check();

    // Time up: a calm message, no alert, and the answers given in time are on the server, complete.
    await expect(again.getByText('Tempo scaduto: le risposte date sono state consegnate.')).toBeVisible({ timeout: 20_000 });
    await expect(again.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect
      .poll(async () => await serverData(page, { campaignId, testId: testIds[0] }))
      .toMatchObject({ status: 'complete', data: { answers: { q1: 'b', q2: 'd' } } });

    // The room counts it complete, and the next test is open.
    await again.getByRole('button', { name: 'Esci' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Hai completato 1 di 2 attività')).toBeVisible();
  });
});
