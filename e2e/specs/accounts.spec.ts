import { createServer } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { startOidcTestProvider, type OidcTestProvider } from '@prova/test-support/oidc-test-provider';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '@prova/test-support/smtp-test-server';
import { expectAccessible } from '../fixtures/a11y';
import { E2E_PORTS } from '../fixtures/ports';
import { importBundle, seedCandidate, uniqueId } from '../fixtures/seed';
import { fillLogin, signIn, signOut, submitUntil } from '../fixtures/sign-in';

// Accounts: password reset by e-mail, new password, single sign-on.
// The app under test sends its mail to SMTP_URL = smtp://127.0.0.1:E2E_SMTP_PORT (playwright.config.ts).

const appUrl = `http://localhost:${E2E_PORTS.app}`;
const smtpPort = E2E_PORTS.smtp;
const NEW_PASSWORD = 'Lanterna-Verde-42';

const RULES = {
  min: 'La password deve essere lunga almeno 8 caratteri',
  lowercase: 'La password deve contenere almeno una lettera minuscola',
  uppercase: 'La password deve contenere almeno una lettera maiuscola',
  digit: 'La password deve contenere almeno un numero',
  confirmation: 'Le password non coincidono',
};
const RESET_SENT = "Se l'indirizzo email inserito è corretto riceverai una email con le istruzioni per procedere al reset";

/**
 * Sends a form until its answer shows. Forms ignore a submit within 200 ms of the previous one (a
 * double click sends once), which a test typing at machine speed can hit.
 */
function resetLinkOf(mail: ReceivedMail): string {
  const link = mail.links.find((l) => l.includes('/new_password/'));
  if (!link) throw new Error(`no reset link in ${mail.links.join(', ')}`);
  return link;
}

test.describe('password reset by e-mail', () => {
  // One worker owns the SMTP port the app sends to.
  test.describe.configure({ mode: 'serial' });

  let smtp: SmtpTestServer;
  test.beforeAll(async () => {
    smtp = await startSmtpTestServer({ port: smtpPort });
  });
  test.afterAll(async () => {
    await smtp?.close();
  });

  /** Asks for a reset through the API (as the page does) and returns the link of the mail that arrives. */
  async function requestLink(page: Page, email: string): Promise<string> {
    const res = await page.request.post('/api/auth/sendPasswordReset', { data: { email } });
    expect(res.status()).toBe(200);
    return resetLinkOf(await smtp.waitForMail((m) => m.to.includes(email), 15_000));
  }

  test('the e-mailed link sets a new password that signs in, and the old one stops working', async ({ page }) => {
    const { person } = seedCandidate([{ name: 'Campagna Reset' }]);
    await page.clock.install();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Hai dimenticato la password?' }).click();
    await expect(page).toHaveURL(/\/reset$/);
    await expectAccessible(page, 'reset');

    const reset = page.getByRole('button', { name: 'Reset' });
    await expect(reset).toBeDisabled();
    await page.getByLabel('Email').fill(person.email);
    await expect(reset).toBeEnabled();
    await reset.click();
    const sentPanel = page.getByRole('status').filter({ has: page.getByRole('heading', { name: RESET_SENT }) });
    await expect(sentPanel).toContainText('controlla la posta indesiderata');
    await expect(sentPanel).toBeFocused();
    await expect(sentPanel.getByRole('link', { name: 'Torna al login' })).toHaveAttribute('href', '/login');
    await expect(sentPanel.getByRole('button', { name: 'Invia di nuovo' })).toBeVisible();
    // It does not vanish like a toast: a minute later it is still there.
    await page.clock.fastForward('01:00');
    await expect(sentPanel).toBeVisible();
    await expectAccessible(page, 'reset mail sent');

    const mail = await smtp.waitForMail((m) => m.to.includes(person.email), 15_000);
    const link = resetLinkOf(mail);
    expect(link.startsWith(`${appUrl}/new_password/`)).toBe(true);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Scegli una nuova password' })).toBeVisible();
    await expect(page.getByText('La password deve essere più lunga di 8 caratteri')).toBeVisible();
    await expectAccessible(page, 'new password');

    const password = page.getByLabel('Nuova password', { exact: true });
    const confirmation = page.getByLabel('Conferma la password', { exact: true });
    const change = page.getByRole('button', { name: 'Cambia password' });
    await expect(change).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Annulla' })).toHaveAttribute('href', '/login');

    // Every broken client rule at once, tied to the field.
    await password.fill('abc');
    for (const text of [RULES.min, RULES.uppercase, RULES.digit]) await expect(page.getByText(text)).toBeVisible();
    await expect(page.getByText(RULES.lowercase)).toHaveCount(0);
    const describedBy = (await password.getAttribute('aria-describedby')) ?? '';
    const rulesRegion = page.locator('[aria-live="polite"]').filter({ hasText: RULES.min });
    expect(describedBy.split(' ')).toContain(await rulesRegion.getAttribute('id'));
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await confirmation.fill('abd');
    await expect(page.getByText(RULES.confirmation)).toBeVisible();
    await expect(change).toBeDisabled();

    // Eight matching characters make the button active; the client rules still stop the request.
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/resetPassword')) sent++;
    });
    await password.fill('abcdefgh');
    await confirmation.fill('abcdefgh');
    await expect(change).toBeEnabled();
    await change.click();
    await expect(page.getByText(RULES.uppercase)).toBeVisible();
    await expect(page.getByText(RULES.digit)).toBeVisible();
    await expect(page.getByText(RULES.min)).toHaveCount(0);
    expect(sent).toBe(0);

    // The server's own rules: a symbol is missing, and the password is too common.
    const serverErrors = page.getByRole('alert').filter({ hasText: 'Password validation error :' });
    await password.fill('Password1');
    await confirmation.fill('Password1');
    await submitUntil(change, serverErrors);
    await expect(serverErrors).toContainText('La password deve contenere almeno un simbolo');
    await expect(serverErrors).toContainText('La password è troppo comune: scegline una più complessa');
    await password.fill('Password1!');
    await confirmation.fill('Password1!');
    await expect(serverErrors).toHaveCount(0);
    await submitUntil(change, serverErrors);
    await expect(serverErrors).toContainText('La password è troppo comune: scegline una più complessa');
    await expect(serverErrors).not.toContainText('simbolo');

    // A good one: changed, then signed in with it (one campaign, consent still to give).
    await password.fill(NEW_PASSWORD);
    await confirmation.fill(NEW_PASSWORD);
    await submitUntil(change, page.getByText('Password modificata con successo'));
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Termini di utilizzo' })).toBeVisible();

    // The old password no longer works; the new one does.
    await page.request.post('/api/auth/logout');
    await page.goto('/login');
    await fillLogin(page, person);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByText('Le credenziali sono errate')).toBeVisible();
    await page.reload();
    await signIn(page, { email: person.email, password: NEW_PASSWORD });
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test('a used link, or an unknown address, leads to /login with the address filled in; a cut link to /login', async ({ page }) => {
    const { person } = seedCandidate();
    const link = await requestLink(page, person.email);
    const [, token, email] = /\/new_password\/([^/]+)\/([^/?#]+)$/.exec(new URL(link).pathname)!;

    // While the link is checked, a spinner shows (after 500 ms).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/checkToken', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(link);
    await expect(page.getByRole('status').filter({ hasText: 'Caricamento in corso…' })).toBeVisible();
    release();
    await expect(page.getByLabel('Nuova password', { exact: true })).toBeVisible();
    await page.unroute('**/api/auth/checkToken');

    // Used once (here through the API), the link no longer opens the form.
    const used = await page.request.post('/api/auth/resetPassword', {
      data: {
        email: decodeURIComponent(email),
        token: decodeURIComponent(token),
        password: NEW_PASSWORD,
        password_confirmation: NEW_PASSWORD,
      },
    });
    expect(used.status()).toBe(200);
    await page.goto(link);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email')).toHaveValue(person.email);
    await expect(page.getByText('Il link non è più valido')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Chiedi un nuovo link' })).toHaveAttribute('href', '/reset');

    // An unknown address is treated exactly like a known one: nothing tells whether it has an account.
    const nobody = `nobody.${uniqueId()}@e2e.example`;
    await page.goto(`/new_password/${token}/${encodeURIComponent(nobody)}`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email')).toHaveValue(nobody);
    await expect(page.getByText('Il link non è più valido')).toBeVisible();

    await page.goto(`/new_password/${token}`);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown address gets the same answer as a known one, and no mail', async ({ page }) => {
    const ghost = `ghost.${uniqueId()}@e2e.example`;
    await page.goto('/reset');
    await page.getByLabel('Email').fill(ghost);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByText(RESET_SENT)).toBeVisible();

    // Mail leaves in order: once a later one for a real person has arrived, none came for the ghost.
    const { person } = seedCandidate();
    await requestLink(page, person.email);
    expect(smtp.mails.flatMap((m) => m.to)).not.toContain(ghost);

    // Not an address at all: the error texts, without asking the server.
    await page.getByRole('button', { name: 'Invia di nuovo' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByText("C'è stato un errore nell'invio della richiesta")).toBeVisible();
    await expect(page.getByText("Controlla l'indirizzo inserito")).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('someone imported without a password is told to choose one, gets the link by mail, and signs in with it', async ({ page }) => {
    const n = uniqueId();
    const company = `E2E Senza Password ${n}`;
    const email = `senza.${n}@e2e.example`;
    importBundle({
      version: 1,
      companies: [{ name: company }],
      users: [{ company, email, firstName: 'Nadia', lastName: `Senza${n}`, privacy: true }],
      campaigns: [
        {
          id: n * 10,
          company,
          name: 'Campagna senza password',
          dateStart: '2026-01-01T08:00:00+01:00',
          dateEnd: '2030-12-31T20:00:00+01:00',
          participants: [{ user: email }],
        },
      ],
    });
    await page.goto('/login');
    await fillLogin(page, { email, password: 'una-qualunque' });
    await page.getByRole('button', { name: 'Accedi' }).click();
    // Not 'Le credenziali sono errate': the page says what to do, and stays until the person moves on.
    const panel = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Scegli la tua password' }) });
    await expect(panel).toContainText(`Ti abbiamo inviato un'email a ${email}`);
    await expect(panel).toBeFocused();
    await expect(panel.getByRole('link', { name: 'Non è arrivata? Chiedi un nuovo link' })).toHaveAttribute('href', '/reset');
    await expect(page.getByText('Le credenziali sono errate')).toHaveCount(0);
    await expectAccessible(page, 'password must be set');

    const mail = await smtp.waitForMail((m) => m.to.includes(email), 15_000);
    expect(mail.subject).toBe('Prova: scegli la tua password');
    await page.goto(resetLinkOf(mail));
    await page.getByLabel('Nuova password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Conferma la password', { exact: true }).fill(NEW_PASSWORD);
    await submitUntil(page.getByRole('button', { name: 'Cambia password' }), page.getByText('Password modificata con successo'));
    // Signed in with it: one campaign, consent given, straight to the room.
    await expect(page).not.toHaveURL(/\/(login|new_password)/);
    await page.request.post('/api/auth/logout');
    await page.goto('/login');
    await signIn(page, { email, password: NEW_PASSWORD });
    await expect(page).not.toHaveURL(/\/login$/);
  });
});

test.describe('single sign-on', () => {
  let provider: OidcTestProvider;
  let slug: string;
  let downSlug: string;
  let company: string;
  const people = { alice: '', carl: '' };

  /** A port nothing listens on: the issuer of a provider that cannot be reached. */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }

  test.beforeAll(async () => {
    const n = uniqueId();
    slug = `e2e-sso-${n}`;
    downSlug = `e2e-sso-down-${n}`;
    company = `E2E SSO ${n}`;
    const down = `E2E SSO down ${n}`;
    people.alice = `alice.${n}@sso.example`;
    people.carl = `carl.${n}@sso.example`;
    provider = await startOidcTestProvider({ redirectUris: [`${appUrl}/api/v2/auth/sso/${slug}/callback`] });
    const campaign = (id: number, name: string, participant: string, open: boolean) => ({
      id,
      company,
      name,
      description: 'Campagna con accesso aziendale.',
      theme: 'dashboard',
      languages: ['IT_it'],
      dateStart: open ? '2026-01-01T08:00:00+01:00' : '2020-01-01T08:00:00+01:00',
      dateEnd: open ? '2030-12-31T20:00:00+01:00' : '2021-01-01T08:00:00+01:00',
      tests: [],
      participants: [{ user: participant }],
    });
    importBundle({
      version: 1,
      companies: [
        {
          name: company,
          sso: { slug, type: 'oidc', issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
        },
        { name: down, sso: { slug: downSlug, type: 'oidc', issuer: `http://127.0.0.1:${await closedPort()}`, clientId: 'nobody' } },
      ],
      users: [
        // No hasSSO flag: the session itself says it began by SSO.
        { company, email: people.alice, firstName: 'Alice', lastName: `Sso${n}` },
        { company, email: people.carl, firstName: 'Carl', lastName: `Closed${n}` },
      ],
      campaigns: [campaign(n * 10, 'Campagna SSO', people.alice, true), campaign(n * 10 + 1, 'Campagna chiusa', people.carl, false)],
    });
  });
  test.afterAll(async () => {
    await provider?.close();
  });

  test.beforeEach(async ({ page }) => {
    // The provider's development pages load a web font; nothing here needs it.
    await page.route('https://fonts.googleapis.com/**', (route) => route.abort());
  });

  /** The provider's development login form (any password), then its consent screen. */
  async function signInAtProvider(page: Page, login: string) {
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
    await page.getByPlaceholder('Enter any login').fill(login);
    await page.getByPlaceholder('and password').fill('any-password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  test('signs in at the company provider, goes through the sign-in flow, and logs out to /sso/logout', async ({ page }) => {
    await page.goto(`/sso/${slug}`);
    await signInAtProvider(page, people.alice);

    // The same flow as a password sign-in: one campaign, selected by itself, then consent.
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Termini di utilizzo' })).toBeVisible();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Conferma' }).click();
    await expect(page).toHaveURL(new RegExp(`^${appUrl}/$`));
    await expect(page.getByRole('heading', { name: 'Campagna SSO' })).toBeVisible();

    expect((await (await page.request.get('/api/auth/me')).json()).user).toMatchObject({ viaSso: true });
    await signOut(page, /^Alice Sso/);
    await expect(page).toHaveURL(/\/sso\/logout$/);
    await expect(page.getByText('Il logout è stato eseguito correttamente.')).toBeVisible();
    await expect(page.getByText('Per accedere di nuovo usa il link che hai ricevuto via email.')).toBeVisible();
    await expectAccessible(page, 'sso logout');
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test('an unknown company, a stranger and a person without an open campaign each get their message', async ({ page, context }) => {
    await page.goto(`/sso/no-such-company-${uniqueId()}`);
    await expect(page).toHaveURL(/\/sso\/error\?code=NO_SSO$/);
    await expect(page.getByText('La tua azienda non ha un servizio SSO attivo.')).toBeVisible();
    await expectAccessible(page, 'sso error');

    await page.goto(`/sso/${slug}`);
    await signInAtProvider(page, `stranger.${uniqueId()}@sso.example`);
    await expect(page).toHaveURL(/\/sso\/error\?code=USER_NOT_FOUND$/);
    await expect(page.getByText('Utente non trovato.')).toBeVisible();

    // A fresh visit to the provider, as someone else.
    await context.clearCookies();
    await page.goto(`/sso/${slug}`);
    await signInAtProvider(page, people.carl);
    await expect(page).toHaveURL(/\/sso\/error\?code=NO_ACTIVE_CAMPAIGN$/);
    await expect(page.getByText("Non c'è nessuna campagna valida.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Torna al login' })).toBeVisible();
  });

  test('a provider that cannot be reached ends, within seconds, on the general message', async ({ page }) => {
    await page.goto(`/sso/${downSlug}`);
    await expect(page).toHaveURL(/\/sso\/error\?code=PROVIDER_UNREACHABLE$/);
    await expect(page.getByText('Oops, an error occurred during login')).toBeVisible();
    await expectAccessible(page, 'sso general error');
  });
});
