import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { importBundle, PASSWORD, type Person, uniqueId } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// Issue 54, the privacy item: a person who chose Spanish reads the company's text in Spanish (or is told plainly that
// it exists only in Italian), accepts it once for the company and that text, and can read it again from the account
// menu, also with no campaign selected. On a 320 px phone.

const TEXT = { IT_it: "<p>Informativa dell'azienda.</p>", ES_es: '<p>Aviso de privacidad de la empresa.</p>' };

function seed(): Person {
  const n = uniqueId();
  const company = `E2E Privacidad ${n}`;
  const person: Person = { email: `lucia.${n}@e2e.example`, password: PASSWORD, firstName: 'Lucía', lastName: `Privacidad${n}` };
  const campaign = (i: number, name: string, privacyAgreement?: object) => ({
    id: n * 10 + i,
    company,
    name,
    languages: ['IT_it', 'ES_es'],
    dateStart: '2026-01-01T08:00:00+01:00',
    dateEnd: '2030-12-31T20:00:00+01:00',
    ...(privacyAgreement ? { privacyAgreement } : {}),
    participants: [{ user: person.email }],
  });
  importBundle({
    version: 1,
    companies: [{ name: company }],
    users: [{ company, ...person, lang: 'ES_es', privacy: false }],
    // Two campaigns with the same text; the third has none of its own (the default, only in Italian).
    campaigns: [campaign(0, 'Primera', TEXT), campaign(1, 'Segunda', TEXT), campaign(2, 'Tercera')],
  });
  return person;
}

/** From the campaign picker into `name`, choosing Spanish for its contents. */
async function enterInSpanish(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL(/\/select-campaign$/);
  await page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'ENTRAR' }).click();
  const modal = page.getByRole('dialog', { name: 'Elige en qué idioma ver los contenidos' });
  await modal.getByRole('radio', { name: /Español|ES_es/ }).check();
  await modal.getByRole('button', { name: 'CONFIRMAR Y EMPEZAR' }).click();
}

/** The account menu's entry (on a phone, an icon named so). */
const menuEntry = (page: Page, name: string) => page.getByRole('banner').getByRole('link', { name }).filter({ visible: true });

test.use({ viewport: { width: 320, height: 640 } });

test('a Spanish reader accepts the privacy text once for the company and reads it again from the account menu', async ({ page }) => {
  const person = seed();
  await page.goto('/login');
  await signIn(page, person);

  await enterInSpanish(page, 'Primera');
  await expect(page).toHaveURL(/\/privacy$/);
  const text = page.getByRole('region', { name: 'Texto de los términos de uso' });
  await expect(text).toHaveText('Aviso de privacidad de la empresa.');
  await expect(text).toHaveAttribute('lang', 'es');
  await expect(page.getByText(/no existe en español/)).toHaveCount(0);
  await expectAccessible(page, 'privacy page in Spanish');
  expect(await hasHorizontalScroll(page)).toBe(false);
  await page.getByRole('checkbox', { name: 'He leído y comprendido' }).check();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('heading', { name: 'Primera' })).toBeVisible();

  // Another campaign of the company with the same text: not asked again.
  await menuEntry(page, 'Cambiar campaña').click();
  await enterInSpanish(page, 'Segunda');
  await expect(page.getByRole('heading', { name: 'Segunda' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The account menu opens the text again, to read: when it was accepted, nothing to tick.
  await menuEntry(page, 'Privacidad').click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(text).toHaveText('Aviso de privacidad de la empresa.');
  await expect(page.getByText(/^Aceptaste este texto el \d\d\.\d\d\.\d{4}/)).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expectAccessible(page, 'privacy page read again');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Segunda' })).toBeVisible();

  // The third campaign's text exists only in Italian: it says so, and the text is marked Italian.
  await menuEntry(page, 'Cambiar campaña').click();
  await enterInSpanish(page, 'Tercera');
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByText('Este texto no existe en español: está escrito en italiano.')).toBeVisible();
  await expect(text).toHaveAttribute('lang', 'it');
  await expect(text).toContainText('Consenso al trattamento dei dati personali');
  await expectAccessible(page, 'privacy page only in Italian');
  expect(await hasHorizontalScroll(page)).toBe(false);
  await page.getByRole('checkbox', { name: 'He leído y comprendido' }).check();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('heading', { name: 'Tercera' })).toBeVisible();

  // Two texts accepted, two records: the second campaign added none.
  const data = (await (await page.request.get('/api/me/data')).json()) as { consents: { campaign: { name: string } | null }[] };
  expect(data.consents.map((c) => c.campaign?.name)).toEqual(['Primera', 'Tercera']);

  // Signed in again, no campaign selected yet: the account menu still opens the text accepted last.
  await page.request.post('/api/auth/logout');
  await signIn(page, person);
  await expect(page).toHaveURL(/\/select-campaign$/);
  await menuEntry(page, 'Privacidad').click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(text).toContainText('Consenso al trattamento dei dati personali');
  await expect(page.getByText(/^Aceptaste este texto el/)).toBeVisible();
  await expectAccessible(page, 'privacy page with no campaign selected');
});
