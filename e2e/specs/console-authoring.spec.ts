import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { importBundle, PASSWORD, type Person, uniqueId } from '../fixtures/seed';
import { expectItem, handIn, serverScores } from '../fixtures/qti-player';
import { signIn } from '../fixtures/sign-in';
import { myUserId, signInAndOpenTest } from '../fixtures/test-page';

// A test written in the console without a file: staff write it, preview it as a candidate would, save it into a
// campaign and export it; a candidate takes it in the room and the server scores it.

function seedCompany() {
  const n = uniqueId();
  const company = `E2E Autori ${n}`;
  const staff: Person = { email: `staff.${n}@e2e.example`, password: PASSWORD, firstName: 'Sara', lastName: `Staff${n}` };
  const candidate: Person = { email: `candidate.${n}@e2e.example`, password: PASSWORD, firstName: 'Chiara', lastName: `Test${n}` };
  const campaignId = n * 10;
  const campaign = `Campagna scritta ${n}`;
  importBundle({
    version: 1,
    companies: [{ name: company }],
    users: [
      { company, ...staff, role: 'admin', privacy: true },
      { company, ...candidate, privacy: true },
    ],
    campaigns: [
      {
        id: campaignId,
        company,
        name: campaign,
        languages: ['IT_it'],
        theme: 'dashboard',
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        tests: [],
        participants: [{ user: candidate.email }],
      },
    ],
  });
  return { staff, candidate, campaignId, campaign, title: `Capitali ${n}` };
}

/** Writes a two-question test: a single choice (Roma is right, 2 points) and a short answer ("Parigi", 3 points). */
async function writeTest(page: Page, title: string) {
  await page.getByLabel('Titolo (Italiano)').first().fill(title);
  await page.getByLabel('Titolo della sezione (Italiano)').fill('Geografia');

  // A new test starts with a single choice question.
  const choice = page.getByRole('group', { name: 'Domanda 1: Scelta singola' });
  await choice.getByLabel('Testo della domanda (Italiano)').fill("Qual è la capitale d'Italia?");
  const first = choice.getByRole('group', { name: 'Opzione 1' });
  await first.getByLabel('Testo (Italiano)').fill('Milano');
  await first.getByLabel('Punti').fill('0');
  const second = choice.getByRole('group', { name: 'Opzione 2' });
  await second.getByLabel('Testo (Italiano)').fill('Roma');
  await second.getByLabel('Punti').fill('2');

  await page.getByLabel('Tipo della nuova domanda (sezione 1)').selectOption({ label: 'Risposta breve' });
  await page.getByRole('button', { name: 'Aggiungi una domanda alla sezione 1' }).click();
  const short = page.getByRole('group', { name: 'Domanda 2: Risposta breve' });
  await short.getByLabel('Testo della domanda (Italiano)').fill('Scrivi la capitale della Francia.');
  await short.getByLabel('Risposte accettate').fill('Parigi');
  await short.getByLabel('Punti per la risposta giusta').fill('3');
}

test('staff write a test in the console, preview it, save it into a campaign and export it; a candidate takes it, scored by the server', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { staff, candidate, campaignId, campaign, title } = seedCompany();

  await page.goto('/login');
  await signIn(page, staff);
  await page.goto('/console/tests');
  await expect(page.getByRole('link', { name: 'Test', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, 'the written tests');
  await page.getByRole('link', { name: 'Nuovo test' }).click();
  await expect(page).toHaveURL(/\/console\/tests\/new$/);
  await writeTest(page, title);
  await expectAccessible(page, 'the form of a written test');

  // The preview frames the player as the room does, and keeps everything in memory.
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && /\/api\/(tests|outcomes)\//.test(request.url())) saves.push(request.url());
  });
  await page.getByRole('button', { name: 'Anteprima' }).click();
  const preview = page.getByRole('dialog', { name: 'Anteprima' });
  await expect(preview.getByText('Anteprima: le risposte non vengono salvate.')).toBeVisible();
  const player = preview.frameLocator(`iframe[title="${title}"]`);
  await expectItem(player, 1, 2);
  await expect(player.locator('qti-prompt')).toHaveText("Qual è la capitale d'Italia?");
  await expectAccessible(page, 'the preview of a written test');
  await player.getByRole('button', { name: 'Avanti' }).click();
  await expect(player.locator('#qp-heading')).toHaveText('Domanda 2 di 2');
  await player.getByRole('button', { name: 'Consegna' }).click();
  await player.getByRole('button', { name: 'Sì, consegna' }).click();
  await expect(preview.getByText(/^Anteprima finita: il test è stato completato/)).toBeVisible();
  await preview.getByRole('button', { name: "Chiudi l'anteprima" }).click();
  await expect(preview).toBeHidden();
  expect(saves).toEqual([]);

  // Saved into the campaign: "saved" only once the server has it.
  await page.getByRole('group', { name: 'Campagne' }).getByLabel(campaign).check();
  await page.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Test salvato.')).toBeVisible();
  await expect(page).toHaveURL(/\/console\/tests\/\d+$/);
  const testId = Number(new URL(page.url()).pathname.split('/').pop());

  // The export is the package candidates get: the same bytes the player's url names.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Esporta QTI' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const zip = await readFile(await download.path());
  const hash = createHash('sha256').update(zip).digest('hex');
  const listed = (await (await page.request.get('/api/staff/authored-tests')).json()) as {
    tests: Array<{ id: number; packageHash: string; campaignIds: number[] }>;
  };
  expect(listed.tests.find((t) => t.id === testId)).toMatchObject({ packageHash: hash, campaignIds: [campaignId] });

  // At 320 px the form still fits, and works.
  await page.setViewportSize({ width: 320, height: 720 });
  await page.reload();
  await expect(page.getByLabel('Titolo (Italiano)').first()).toHaveValue(title);
  expect(await hasHorizontalScroll(page)).toBe(false);

  // The candidate takes it in the room: the right choice and the right word, scored by the server.
  const context = await browser.newContext();
  const room = await context.newPage();
  const taken = await signInAndOpenTest(room, candidate, testId, title);
  const userId = await myUserId(room);
  await expectItem(taken, 1, 2);
  await taken.locator('qti-simple-choice').filter({ hasText: 'Roma' }).click();
  await taken.getByRole('button', { name: 'Avanti' }).click();
  await expectItem(taken, 2, 2);
  await taken.locator('qti-text-entry-interaction input').fill('parigi');
  await handIn(taken);

  expect((await serverScores(process.env.E2E_DATABASE_URL!, { campaignId, testId, userId })).SCORE).toBe(5);
  await context.close();
});
