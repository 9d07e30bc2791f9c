import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from '../fixtures/a11y';
import { signIn } from '../fixtures/sign-in';

// Every role reaches its work and its report from the menu, on a desktop and on a 320 px phone: a
// candidate their activities, a 360 evaluator the people to evaluate, an assessor the people to rate.

const PASSWORD = 'Prova2026!';
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principale' });

async function enter(page: Page, email: string, campaign?: string) {
  await page.goto('/login');
  await signIn(page, { email, password: PASSWORD });
  if (page.url().endsWith('/privacy')) {
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Conferma' }).click();
  }
  if (campaign) {
    await expect(page).toHaveURL(/\/select-campaign$/);
    await page.getByRole('button', { name: `ENTRA ${campaign}` }).click();
  }
  await expect(page).toHaveURL(/\/$/);
}

async function toReport(page: Page) {
  await menu(page).getByRole('link', { name: 'Report' }).click();
  await expect(page).toHaveURL(/\/report$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

for (const [label, viewport] of [
  ['desktop', { width: 1366, height: 800 }],
  ['320 px phone', { width: 320, height: 640 }],
] as const) {
  test.describe(`from the menu, on a ${label}`, () => {
    test.use({ viewport });

    test('a candidate reaches the activities and the report', async ({ page }) => {
      await enter(page, 'marco.sala@lanificio.example');
      await expect(menu(page).getByRole('link')).toHaveText(['Panoramica', 'Attività', 'Report']);
      await menu(page).getByRole('link', { name: 'Attività' }).click();
      await expect(page).toHaveURL(/\/tests$/);
      await expect(page.getByRole('region', { name: 'Elenco delle attività' }).getByRole('listitem').first()).toBeVisible();
      await toReport(page);
    });

    test('a 360 evaluator reaches the people to evaluate and the report', async ({ page }) => {
      await enter(page, 'paolo.rinaldi@lanificio.example', 'Feedback 360 – 2026');
      await menu(page).getByRole('link', { name: 'Attività' }).click();
      await page
        .getByRole('region', { name: 'Elenco delle attività' })
        .getByRole('button', { name: /^Feedback 360 / })
        .click();
      await expect(page).toHaveURL(/\/start$/);
      await page.getByRole('button', { name: 'Entra' }).click();
      await expect(page).toHaveURL(/\/skillup-360$/);
      await expect(page.getByRole('button', { name: /: Giulia Ferri$/ })).toBeVisible();
      await expectAccessible(page, `360 dashboard reached from the menu (${label})`);
      await toReport(page);
    });

    test('an assessor reaches the people to rate and the report', async ({ page }) => {
      await enter(page, 'elena.conti@lanificio.example', 'Talenti 2026');
      // The assessor's work is the home itself: no activities of her own.
      await expect(menu(page).getByRole('link')).toHaveText(['Panoramica', 'Report']);
      await expect(page.getByRole('main')).toContainText('Giulia Ferri');
      await toReport(page);
      await menu(page).getByRole('link', { name: 'Panoramica' }).click();
      await expect(page.getByRole('main')).toContainText('Giulia Ferri');
    });
  });
}
