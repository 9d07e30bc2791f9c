import { expect, test } from '@playwright/test';
import { expectAccessible } from '../fixtures/a11y';
import { importBundle, PASSWORD, type Person, uniqueId } from '../fixtures/seed';
import { fillLogin, signIn } from '../fixtures/sign-in';

// Issue 52: staff erase a person from the people page after typing their name; the person can no longer sign in,
// and the console no longer lists them.

function seedCompany() {
  const n = uniqueId();
  const company = `E2E Oblio ${n}`;
  const staff: Person = { email: `staff.${n}@e2e.example`, password: PASSWORD, firstName: 'Sara', lastName: `Staff${n}` };
  const candidate: Person = { email: `candidate.${n}@e2e.example`, password: PASSWORD, firstName: 'Zelinda', lastName: `Oblio${n}` };
  importBundle({
    version: 1,
    companies: [{ name: company }],
    users: [
      { company, ...staff, role: 'admin', privacy: true },
      { company, ...candidate, privacy: true },
    ],
    campaigns: [
      {
        id: n * 10,
        company,
        name: `Campagna ${n}`,
        languages: ['IT_it'],
        theme: 'dashboard',
        dateStart: '2026-01-01T08:00:00+01:00',
        dateEnd: '2030-12-31T20:00:00+01:00',
        tests: [],
        participants: [{ user: candidate.email }],
      },
    ],
  });
  return { staff, candidate };
}

test('staff erase a person after typing their name; the person cannot sign in any more', async ({ page, browser }) => {
  const { staff, candidate } = seedCompany();
  const name = `${candidate.firstName} ${candidate.lastName}`;
  await signIn(page, staff);
  await page.goto('/console/people');
  await page.getByRole('button', { name: `Cancella i dati di ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Cancellare i dati personali di ${name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Impostazione dell’azienda: i risultati restano anonimi.')).toBeVisible();
  await expectAccessible(page, 'the erasure dialog');

  const erase = dialog.getByRole('button', { name: 'Cancella i dati' });
  const field = dialog.getByLabel(`Per confermare scrivi nome e cognome (${name}) o l’email`);
  await field.fill(candidate.firstName);
  await expect(erase).toBeDisabled();
  await field.fill(name);
  await expect(erase).toBeEnabled();
  await erase.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Dati personali cancellati\. Ricevuta /)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/login');
  await fillLogin(other, candidate);
  await other.getByRole('button', { name: 'Accedi' }).click();
  await expect(other.getByRole('alert')).toBeVisible();
  await expect(other).toHaveURL(/\/login/);
  await context.close();
});
