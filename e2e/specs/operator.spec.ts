import { expect, test, type Page } from '@playwright/test';
import { startOidcTestProvider, type OidcTestProvider } from '@prova/test-support/oidc-test-provider';
import { expectAccessible } from '../fixtures/a11y';
import { E2E_PORTS } from '../fixtures/ports';
import { importBundle, PASSWORD, uniqueId } from '../fixtures/seed';
import { signIn } from '../fixtures/sign-in';

// The platform's operator onboards a client company from the browser (issue 51): creates it, sets up its single
// sign-on and tests the connection against a real OpenID Connect provider, appoints its admin, and works on it; the
// admin then signs in by the company's single sign-on to a console of that company alone, with no companies in it.

const appUrl = `http://localhost:${E2E_PORTS.app}`;

let provider: OidcTestProvider;
let n: number;
let slug: string;
let client: string;
const operator = { email: '', password: PASSWORD };
const admin = { email: '', password: PASSWORD };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  n = uniqueId();
  slug = `cliente-${n}`;
  client = `Cliente ${n}`;
  operator.email = `operatore.${n}@piattaforma.example`;
  admin.email = `admin.${n}@cliente.example`;
  provider = await startOidcTestProvider({ redirectUris: [`${appUrl}/api/v2/auth/sso/${slug}/callback`] });
  // The one operator comes from the platform's own import; everything else from the browser.
  importBundle({
    version: 1,
    companies: [{ name: `Piattaforma ${n}` }],
    users: [{ company: `Piattaforma ${n}`, ...operator, firstName: 'Olga', lastName: `Operatrice${n}`, role: 'operator', privacy: true }],
  });
});
test.afterAll(async () => {
  await provider?.close();
});

const nav = (page: Page) => page.getByRole('navigation', { name: 'Sezioni della console' });

test('the operator creates a client company, sets up and tests its single sign-on, appoints its admin and works on it', async ({
  page,
}) => {
  await signIn(page, operator);
  await expect(page).toHaveURL(/\/console\/campaigns$/);
  await nav(page).getByRole('link', { name: 'Aziende' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aziende clienti' })).toBeVisible();

  await page.getByLabel('Nome della nuova azienda').fill(client);
  await page.getByRole('button', { name: "Crea l'azienda" }).click();
  await expect(page.getByText(`Azienda ${client} creata.`)).toBeVisible();
  await expectAccessible(page, 'operator: companies');
  await page.getByRole('link', { name: `Gestisci ${client}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: client })).toBeVisible();

  // Single sign-on: a wrong secret is named as such, the right one connects, and the settings are saved.
  await page.getByLabel('Identificativo (slug)').fill(slug);
  await page.getByLabel('Indirizzo del provider (issuer)').fill(provider.issuer);
  await page.getByLabel('Client ID').fill(provider.clientId);
  await page.getByLabel('Client secret').fill('not-the-secret');
  await page.getByRole('button', { name: 'Prova la connessione' }).click();
  await expect(page.getByText('Il provider non riconosce il client ID o il client secret.')).toBeVisible();
  await page.getByLabel('Client secret').fill(provider.clientSecret);
  await page.getByRole('button', { name: 'Prova la connessione' }).click();
  await expect(page.getByText('Connessione riuscita: il provider risponde e riconosce il client.')).toBeVisible();
  await page.getByRole('button', { name: "Salva l'SSO" }).click();
  await expect(page.getByText('SSO salvato.')).toBeVisible();
  await expect(page.getByText(`${appUrl}/api/v2/auth/sso/${slug}/callback`)).toBeVisible();

  // The company's admin, who signs in by its single sign-on.
  await page.getByLabel('E-mail', { exact: true }).fill(admin.email);
  await page.getByLabel('Nome', { exact: true }).fill('Alba');
  await page.getByLabel('Cognome').fill(`Admin${n}`);
  await page.getByLabel("Entra con l'SSO dell'azienda").check();
  await page.getByRole('button', { name: "Nomina e invia l'invito" }).click();
  await expect(page.getByText(`${admin.email} è nello staff`)).toBeVisible();
  await expect(page.getByRole('rowheader', { name: `Alba Admin${n}` })).toBeVisible();
  await expectAccessible(page, 'operator: a company with its SSO and staff');

  // The switcher: the rest of the console now works on the client company.
  await nav(page).getByLabel('Azienda su cui lavori').selectOption({ label: client });
  await expect(page.getByText(`Ora lavori su ${client}.`)).toBeVisible();
  await nav(page).getByRole('link', { name: 'Persone' }).click();
  await expect(page.getByRole('rowheader', { name: `Alba Admin${n}` })).toBeVisible();
  await nav(page).getByRole('link', { name: 'Azienda', exact: true }).click();
  await expect(page.getByRole('definition').filter({ hasText: `/sso/${slug}` })).toBeVisible();
});

test("the appointed admin signs in by the company's single sign-on to its console alone, and cannot create a company", async ({ page }) => {
  // The provider's development pages load a web font; nothing here needs it.
  await page.route('https://fonts.googleapis.com/**', (route) => route.abort());
  await page.goto(`/sso/${slug}`);
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
  await page.getByPlaceholder('Enter any login').fill(admin.email);
  await page.getByPlaceholder('and password').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`^${appUrl}/`));
  await page.goto('/console/company');
  await expect(page.getByRole('definition').filter({ hasText: client }).first()).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Aziende' })).toHaveCount(0);
  await expect(nav(page).getByLabel('Azienda su cui lavori')).toHaveCount(0);
  await expectAccessible(page, 'admin: own company');
  const created = await page.request.post('/api/companies', { data: { name: `Abusiva ${n}` } });
  expect(created.status()).toBe(403);
  const companies = (await (await page.request.get('/api/companies')).json()) as { companies: { name: string }[] };
  expect(companies.companies.map((c) => c.name)).toEqual([client]);
});
