import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { consentIfAsked, enterCampaign, signIn } from '../fixtures/sign-in';

// The main screens with the demo data, at a desktop and a 320 px width, for docs/style-guide.md and
// the run's artefacts. It only looks: no test or evaluation is finished, and the agenda's tutorial and
// the challenge's welcome are photographed without being closed (closing them saves a flag).
// UPDATE_STYLE_GUIDE=1 also writes each image to docs/style-guide/<screen>-<width>.png.

const giulia = { email: 'giulia.ferri@lanificio.example', password: 'Prova2026!' };
const elena = { email: 'elena.conti@lanificio.example', password: 'Prova2026!' };
const styleGuide = resolve(import.meta.dirname, '../../docs/style-guide');
/** Above this a full-page image is swapped for the viewport only, to keep the docs light. */
const MAX_BYTES = 400_000;

async function shoot(page: Page, testInfo: TestInfo, screen: string, width: number): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const options = { animations: 'disabled', caret: 'hide' } as const;
  let body = await page.screenshot({ ...options, fullPage: true });
  if (body.length > MAX_BYTES) body = await page.screenshot(options);
  const name = `${screen}-${width}`;
  await testInfo.attach(name, { body, contentType: 'image/png' });
  // Also on disk in the test's output folder (test-results/), whatever the reporter keeps.
  writeFileSync(testInfo.outputPath(`${name}.png`), body);
  if (process.env.UPDATE_STYLE_GUIDE === '1') {
    mkdirSync(styleGuide, { recursive: true });
    writeFileSync(resolve(styleGuide, `${name}.png`), body);
  }
}

/** From the picker into one of Giulia's campaigns; waits for `ready`. */
async function enter(page: Page, campaign: string, ready: Locator): Promise<void> {
  await enterCampaign(page, campaign);
  // The pointer stays where ENTRA was; over a test of the room, it would show that test's details (hover) instead of the welcome.
  await page.mouse.move(0, 0);
  await expect(ready.first()).toBeVisible();
}

for (const { width, height } of [
  { width: 1366, height: 768 },
  { width: 320, height: 640 },
]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height }, hasTouch: width < 400 });

    test(`the main screens at ${width} px`, async ({ page }, testInfo) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
      await shoot(page, testInfo, 'sign-in', width);

      await signIn(page, giulia);
      await expect(page).toHaveURL(/\/select-campaign|\/privacy/);
      await consentIfAsked(page);
      await expect(page).toHaveURL(/\/select-campaign$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Benvenuta' })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^ENTRA/ }) })).toHaveCount(6);
      await shoot(page, testInfo, 'campaign-picker', width);

      await enter(page, 'Talenti 2026', page.getByRole('region', { name: 'Ciao Giulia!' }));
      // On a phone the list of activities is a page of its own (Attività); the room shows the dashboard.
      if (width > 400)
        await expect(page.getByRole('region', { name: 'Elenco delle attività' }).getByRole('listitem').first()).toBeVisible();
      await shoot(page, testInfo, 'test-room', width);

      // The tutorial shows until it is closed; it stays open here.
      await enter(
        page,
        'Un mese da consulente',
        page.getByRole('dialog', { name: 'Benvenuta nella tua agenda' }).or(page.getByRole('table', { name: /novembre 2021/ })),
      );
      await shoot(page, testInfo, 'agenda', width);

      // The welcome page until START is pressed; it stays open here.
      await enter(
        page,
        'Sfida Innovazione',
        page.getByRole('heading', { name: 'Benvenuta nella sfida!' }).or(page.getByRole('region', { name: /Sezione \d di 4/ })),
      );
      await shoot(page, testInfo, 'challenge', width);

      await enter(page, 'Feedback 360 – 2026', page.getByRole('main'));
      await page.goto('/skillup-360');
      const dashboard = page.getByRole('region', { name: 'Feedback 360' });
      await expect(dashboard.getByRole('heading', { level: 2, name: 'Feedback' })).toBeVisible();
      await expect(dashboard.getByRole('listitem').first()).toBeVisible();
      await shoot(page, testInfo, 'feedback-360', width);

      await enter(page, 'Valutazione 2025', page.getByRole('main'));
      await page.goto('/report');
      await expect(page.getByRole('heading', { name: 'Risultati in dettaglio' })).toBeVisible();
      await shoot(page, testInfo, 'report', width);

      await page.context().clearCookies();
      await page.goto('/login');
      await signIn(page, elena);
      await expect(page).toHaveURL(/\/select-campaign$|\/privacy$|\/$/);
      await consentIfAsked(page);
      await expect(page).toHaveURL(/\/select-campaign$|\/$/);
      // Two campaigns to assess: the picker first.
      if (page.url().endsWith('/select-campaign')) {
        await page.getByRole('button', { name: 'ENTRA Talenti 2026' }).click();
        await expect(page).toHaveURL(/\/$|\/privacy$/);
        await consentIfAsked(page);
      }
      await expect(page.getByText('Area valutatore')).toBeVisible();
      await expect(page.getByRole('button', { name: /^Valuta: / }).first()).toBeVisible();
      await shoot(page, testInfo, 'assessor-home', width);
    });
  });
}
