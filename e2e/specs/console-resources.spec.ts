import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { contentFixture, filesOf, zipOf } from '@prova/test-support/content-files';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { importBundle, PASSWORD, personOf, type Person, uniqueId } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// The console's generic resources and its audit trail (issue 51): a company admin uploads a test package, sees
// where it is used, edits a text, previews it, assigns assessors and deletes a selection of them, then reads the
// audit trail filtered and downloads it; the platform's operator reads the languages and every company's trail.

function seedCompany() {
  const n = uniqueId();
  const company = `E2E Risorse ${n}`;
  const person = (name: string, role?: string) => ({ ...personOf(n, name, 'R'), ...(role ? { role } : {}) });
  const admin = person('Sara', 'admin');
  const operator = person('Olga', 'operator');
  const assessor = person('Elio', 'Assessor');
  const carla = person('Carla');
  const dario = person('Dario');
  const campaignId = n * 10;
  const interviewId = n * 10 + 1;
  const campaign = `Campagna risorse ${n}`;
  importBundle({
    version: 1,
    companies: [{ name: company }],
    users: [admin, operator, assessor, carla, dario].map((p) => ({ company, ...p, privacy: true })),
    tests: [{ id: interviewId, abbreviation: `INT${n}`, name: `Colloquio ${n}`, url: '/activities/interview-grid/', owner: company }],
    campaigns: [
      {
        id: campaignId,
        company,
        name: campaign,
        languages: ['IT_it'],
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        tests: [{ test: interviewId }],
        participants: [assessor, carla, dario].map((p) => ({ user: p.email })),
      },
    ],
  });
  return { n, admin, operator, assessor, carla, dario, campaign, interview: `Colloquio ${n}` };
}

test('an admin uploads a package, edits and previews it, assigns and deletes assessors, reads and downloads the audit trail; the operator reads every company', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const seed = seedCompany();
  await page.goto('/login');
  await signIn(page, seed.admin);

  // The test library: a QTI package uploaded into the campaign.
  await page.goto('/console/library');
  await expect(page.getByRole('heading', { name: 'Archivio test', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(seed.interview) })).toBeVisible();
  await expectAccessible(page, 'the test library');
  const zip = Buffer.from(await zipOf(filesOf(contentFixture('qti21-basic'))));
  await page.getByLabel('File zip').setInputFiles({ name: 'pacchetto.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByLabel('Aggiungi alla campagna').selectOption({ label: seed.campaign });
  await page.getByRole('button', { name: 'Carica', exact: true }).click();
  await expect(page.getByText(/creato dal pacchetto/)).toBeVisible();
  const uploaded = page.getByRole('row').filter({ hasText: 'Pacchetto QTI' });
  await expect(uploaded).toHaveCount(1);
  await expect(uploaded).toContainText(seed.campaign);
  const uploadedName = (await uploaded.getByRole('rowheader').textContent())!;

  // Its name in English, then a preview as a candidate sees it.
  await uploaded.getByRole('button', { name: `Modifica i testi di ${uploadedName}` }).click();
  const texts = page.getByRole('dialog', { name: /Testi del test/ });
  await texts.getByRole('group', { name: 'Inglese' }).getByLabel('Nome').fill(`Reasoning ${seed.n}`);
  await expectAccessible(page, "a test's texts");
  await texts.getByRole('button', { name: 'Salva' }).click();
  await expect(texts).toBeHidden();
  await uploaded.getByRole('button', { name: `Anteprima di ${uploadedName}` }).click();
  const preview = page.getByRole('dialog', { name: 'Anteprima' });
  await expect(preview.getByText('Anteprima: le risposte non vengono salvate.')).toBeVisible();
  await expect(preview.frameLocator('iframe').locator('body')).not.toBeEmpty();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // Assessors: two assigned by campaign and test, then deleted as a selection.
  await page.getByRole('navigation', { name: 'Sezioni della console' }).getByRole('link', { name: 'Valutatori' }).click();
  await page.getByLabel('Campagna').selectOption({ label: seed.campaign });
  await page.getByRole('search').getByLabel('Test').selectOption({ label: seed.interview });
  const form = page.getByRole('region', { name: 'Assegna un valutatore' });
  for (const person of [seed.carla, seed.dario]) {
    await form.getByLabel('Valutatore/trice').selectOption({ label: `Elio ${seed.assessor.lastName}` });
    await form.getByLabel('Persona valutata').selectOption({ label: `${person.firstName} ${person.lastName}` });
    await form.getByRole('button', { name: 'Assegna' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`${person.firstName} ${person.lastName}`) })).toBeVisible();
  }
  await expectAccessible(page, 'the assessors');
  // On a phone the table is cards, without column names: the select-all box says what it does on screen there only.
  const selectAllText = page.getByText('Seleziona tutti', { exact: true });
  expect((await selectAllText.boundingBox())!.width).toBeLessThanOrEqual(1);
  await page.setViewportSize({ width: 320, height: 700 });
  expect((await selectAllText.boundingBox())!.width).toBeGreaterThan(40);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('checkbox', { name: 'Seleziona tutti' }).check();
  await page.getByRole('button', { name: 'Elimina i selezionati (2)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminare 2 assegnazioni?' });
  await confirm.getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByText('0 assegnazioni')).toBeVisible();

  // The company's languages, read only for an admin.
  await page.goto('/console/languages');
  await expect(page.getByRole('row', { name: /IT_it/ })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expectAccessible(page, 'the languages');

  // The audit trail: filtered to what was created, at 320 px, and downloaded.
  await page.goto('/console/audit');
  await page.getByLabel('Attività', { exact: true }).selectOption({ label: 'Creazione' });
  await expect(page.getByRole('row', { name: /Creazione/ }).filter({ hasText: 'usertests/' })).toHaveCount(1);
  await expect(page.getByRole('row', { name: /Eliminazione/ })).toHaveCount(0);
  await expectAccessible(page, 'the audit trail');
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await hasHorizontalScroll(page)).toBe(false);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Scarica CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('audit-trail.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain('staff-created');
  expect(csv).toContain(`Sara ${seed.admin.lastName}`);
  expect(csv).not.toContain('staff-deleted');

  // The operator: the languages to change, and every company's trail.
  const context = await browser.newContext();
  const operator = await context.newPage();
  await operator.goto('/login');
  await signIn(operator, seed.operator);
  await operator.goto('/console/languages');
  await expect(operator.getByRole('button', { name: /^Rinomina / }).first()).toBeVisible();
  await operator.goto('/console/audit');
  await operator.getByLabel('Aziende').selectOption({ label: 'Tutte le aziende' });
  await expect(operator.getByRole('columnheader', { name: 'Azienda' })).toBeVisible();
  await expectAccessible(operator, "every company's audit trail");
  await context.close();
});

test('a Spanish-speaking admin reads the console in Spanish (its texts in Spanish are a chunk of their own)', async ({ page }) => {
  const n = uniqueId();
  const company = `E2E Consola ${n}`;
  const admin: Person = { email: `sofia.${n}@e2e.example`, password: PASSWORD, firstName: 'Sofía', lastName: `R${n}` };
  importBundle({ version: 1, companies: [{ name: company }], users: [{ company, ...admin, role: 'admin', privacy: true, lang: 'ES_es' }] });
  await signIn(page, admin);
  await page.goto('/console');
  const sections = page.getByRole('navigation', { name: 'Secciones de la consola' });
  await expect(sections.getByRole('link', { name: 'Campañas' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Campagne' })).toHaveCount(0);
  await expectAccessible(page, 'the console in Spanish');
});
