import { expect, test } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from '../fixtures/a11y';
import { seedCandidate } from '../fixtures/seed';
import { fillLogin, signIn, signOut, submitUntil } from '../fixtures/sign-in';

test.describe('sign-in', () => {
  test('a private page sends to /login and back there after signing in, through privacy consent', async ({ page }) => {
    const { person } = seedCandidate([{ name: 'Campagna Alfa' }]);
    // Signed out, nothing is asked that would be refused, so no 401 in the console: the app asks who is signed in only
    // when the server's cookie says a session may be open.
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/?from=mail');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'login');
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);

    const submit = page.getByRole('button', { name: 'Accedi' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Email').fill(person.email);
    await expect(submit).toBeDisabled();
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await expect(submit).toBeEnabled();
    await submit.click();

    // One campaign with one language: selected automatically, then consent is asked.
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Termini di utilizzo' })).toBeVisible();
    await expectAccessible(page, 'privacy');
    const confirm = page.getByRole('button', { name: 'Conferma' });
    await expect(confirm).toBeDisabled();
    await page.getByRole('checkbox').check();
    await confirm.click();

    await expect(page).toHaveURL(/\/\?from=mail$/);
    await expect(page.getByRole('heading', { name: 'Campagna Alfa' })).toBeVisible();
  });

  test('closing the privacy page without consent signs out and returns to /login', async ({ page }) => {
    const { person } = seedCandidate([{ name: 'Senza consenso' }]);
    await page.goto('/login');
    await signIn(page, person);
    await expect(page).toHaveURL(/\/privacy$/);
    await page.getByRole('button', { name: 'Chiudi ed esci' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test('wrong credentials are told apart from an unreachable check', async ({ page }) => {
    const { person } = seedCandidate();
    await page.goto('/login');
    await fillLogin(page, { email: person.email, password: 'not-the-password' });
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByText('Le credenziali sono errate')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // Focus goes back to the form, on the field the error describes.
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription('Le credenziali sono errate');

    await page.route('**/api/auth/login', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":false,"code":"INTERNAL","message":"x"}' }),
    );
    await submitUntil(page.getByRole('button', { name: 'Accedi' }), page.getByText('Impossibile verificare le credenziali'));
  });

  test('a server that cannot answer is said in a message that stays until a request goes through', async ({ page }) => {
    const { person } = seedCandidate([{ name: 'Connessione' }], { privacy: true });
    await page.clock.install();
    await page.goto('/login');
    await signIn(page, person);
    await expect(page).toHaveURL(/\/$/);
    // The server answers nothing but 503 for a while: the page asks again and is told so.
    await page.route('**/api/**', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"status":false,"code":"UNAVAILABLE","message":"x"}' }),
    );
    await page.reload();
    const notice = page.locator('.notification--connection');
    await expect(notice).toContainText('Si è verificato un errore');
    await page.clock.fastForward('01:00');
    await expect(notice).toBeVisible();
    // The server is back: the next request that goes through ends the message.
    await page.unroute('**/api/**');
    await page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', { name: 'Attività' }).click();
    await expect(page.getByRole('region', { name: 'Elenco delle attività' })).toBeVisible();
    await expect(notice).toBeHidden();
  });

  test('a person whose campaigns are all closed is told there is no active campaign', async ({ page }) => {
    const { person } = seedCandidate([{ dateStart: '2020-01-01T00:00:00Z', dateEnd: '2021-01-01T00:00:00Z' }]);
    await page.clock.install();
    await page.goto('/login');
    await fillLogin(page, person);
    await page.getByRole('button', { name: 'Accedi' }).click();
    const panel = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Nessuna campagna attiva' }) });
    await expect(panel).toContainText('scrivi al referente delle risorse umane della tua azienda');
    await expect(panel).toBeFocused();
    await expect(page).toHaveURL(/\/login$/);
    // A blocking message stays: a minute later it is still there.
    await page.clock.fastForward('01:00');
    await expect(panel).toBeVisible();
    await expectAccessible(page, 'login with the no-campaign panel');
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
  });

  test('the language modal asks once, and the interface follows the chosen language', async ({ page }) => {
    const { person } = seedCandidate([{ name: 'Bilingue', languages: ['IT_it', 'EN_en'] }], { privacy: true });
    await page.goto('/login');
    await fillLogin(page, person);
    await page.getByRole('button', { name: 'Accedi' }).click();

    const modal = page.getByRole('dialog', { name: 'Scegli in quale lingua visualizzare i contenuti' });
    await expect(modal).toBeVisible();
    await expectAccessible(page, 'language modal');
    const go = modal.getByRole('button', { name: 'CONFERMA E INIZIA' });
    await expect(go).toBeDisabled();
    await modal.getByRole('radio', { name: 'English' }).check();
    await go.click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expectAccessible(page, 'home');

    // Signing in again does not ask again: the language cannot be changed later.
    await page.request.post('/api/auth/logout');
    await page.goto('/login');
    await signIn(page, person);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('several campaigns: picker with last access, change campaign, logout ends the session', async ({ page }) => {
    const { person } = seedCandidate([{ name: 'Prima campagna' }, { name: 'Seconda campagna' }], { privacy: true });
    await page.goto('/login');
    await signIn(page, person);
    await expect(page).toHaveURL(/\/select-campaign$/);
    await expect(page.getByText('Seleziona una campagna').first()).toBeVisible();
    await expect(page.getByText('Nuova!')).toHaveCount(2);
    await expectAccessible(page, 'campaign picker');
    // Opened directly, the picker's campaigns are asked for as the app starts, and the screen takes that answer.
    const listed: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/usercampaign/list') listed.push(request.url());
    });
    await page.reload();
    await expect(page.getByText('Nuova!')).toHaveCount(2);
    expect(listed).toHaveLength(1);

    await page.getByRole('listitem').filter({ hasText: 'Seconda campagna' }).getByRole('button', { name: 'ENTRA' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner')).toContainText('Seconda campagna');

    await page.getByRole('button', { name: `${person.firstName} ${person.lastName}` }).click();
    await page
      .getByRole('menuitem', { name: 'Cambia campagna' })
      .or(page.getByRole('link', { name: 'Cambia campagna' }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/select-campaign$/);
    const visited = page.getByRole('listitem').filter({ hasText: 'Seconda campagna' });
    await expect(visited).toContainText(/Ultimo accesso \d{2}\/\d{2}\/\d{4}/);

    await signOut(page, `${person.firstName} ${person.lastName}`);
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test('a single-campaign user has no change-campaign entry', async ({ page }) => {
    const { person } = seedCandidate([{ name: 'Unica' }], { privacy: true });
    await page.goto('/login');
    await signIn(page, person);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: `${person.firstName} ${person.lastName}` }).click();
    await expect(page.getByText('Esci')).toBeVisible();
    await expect(page.getByText('Cambia campagna')).toHaveCount(0);
  });

  test('an expired session sends back to /login with the spec message', async ({ page, context }) => {
    const { person } = seedCandidate([{ name: 'Scadenza' }], { privacy: true });
    await page.goto('/login');
    await signIn(page, person);
    await expect(page).toHaveURL(/\/$/);
    // The server forgets the session (as after expiry); the next call the page makes gets 401.
    await page.request.post('/api/auth/logout');
    // The cookie the app reads still says a session is open: the page takes it away, the session being gone.
    await context.addCookies([
      { name: 'prova_session', value: 'expired-token', url: page.url() },
      { name: 'prova_signed_in', value: '1', url: page.url() },
    ]);
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/select-campaign');
    await expect(page).toHaveURL(/\/login/);
    // While signed in, a call failing with 401 shows the session-expired notification.
    await signIn(page, person);
    await expect(page).toHaveURL(/\/$/);
    await page.route('**/api/usercampaign', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"status":false,"code":"UNAUTHENTICATED","message":"x"}' }),
    );
    await page.reload();
    const panel = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Sessione scaduta' }) });
    await expect(panel).toContainText('Per piacere, esegui di nuovo il login');
    await expect(panel).toContainText('Le risposte già date restano salvate');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a late 401, to a request sent before signing in again, leaves the person signed in', async ({ page, context }) => {
    const { person, campaignIds } = seedCandidate([{ name: 'Prima campagna' }, { name: 'Seconda campagna' }], { privacy: true });
    const enter = (name: string) => page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'ENTRA' });
    await page.goto('/login');
    await signIn(page, person);
    await expect(page).toHaveURL(/\/select-campaign$/);
    // The session ends on the server (it ran out) while the page still holds its cookies.
    const cookies = (await context.cookies()).filter((cookie) => cookie.name.startsWith('prova_'));
    await page.request.post('/api/auth/logout');
    await context.addCookies(cookies);
    // A slow network: entering the first campaign, sent under the old session, is answered 401 only once the person
    // has signed out and in again. The answer is the server's own, with its cookie that says no session is open.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let late: Promise<void> | undefined;
    await page.route(
      (url) => url.pathname === `/api/usercampaign/${campaignIds[0]}`,
      async (route) => {
        if (late) return route.continue();
        late = route.fetch().then(async (response) => {
          await released;
          await route.fulfill({ response });
        });
      },
    );
    await enter('Prima campagna').click();
    await expect.poll(() => late !== undefined).toBe(true);
    await signOut(page, `${person.firstName} ${person.lastName}`);
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, person);
    await expect(page).toHaveURL(/\/select-campaign$/);
    await expect(enter('Seconda campagna')).toBeVisible();

    release();
    await late;
    // The late answer took the readable cookie away...
    await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).not.toContain('prova_signed_in');
    // ...but the person is still signed in, where they were: not sent back to /login as if this new session had ended.
    await enter('Seconda campagna').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner')).toContainText('Seconda campagna');
    await expect(page.getByRole('heading', { name: 'Sessione scaduta' })).toHaveCount(0);
    // The app asks who is signed in whatever that cookie says (it signed in from this page); the answer gives it back.
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
    await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).toContain('prova_signed_in');
  });

  test('unknown addresses say Not found...', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Not found...')).toBeVisible();
    expect((await page.request.get('/assets/chunk-from-an-old-deploy.js')).status()).toBe(404);
    await expectAccessible(page, 'not found');
  });

  test('what is typed into the sign-in page before the app has started is kept', async ({ page }) => {
    const { person } = seedCandidate([{ name: 'Telefono lento' }]);
    // A slow phone: the page (prerendered) is there, the app's scripts are not yet.
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const submit = page.getByRole('button', { name: 'Accedi' });
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await expect(submit).toBeDisabled();

    release();
    await expect(submit).toBeEnabled();
    await expect(page.getByLabel('Email')).toHaveValue(person.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue(person.password);
    await submit.click();
    await expect(page).toHaveURL(/\/privacy$/);
  });

  test('the whole flow works by keyboard alone on a 320 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const { person } = seedCandidate([{ name: 'Telefono', languages: ['IT_it', 'ES_es'] }, { name: 'Altra' }]);
    await page.goto('/login');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByLabel('Email').focus();
    await page.keyboard.type(person.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(person.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/select-campaign$/);
    expect(await hasHorizontalScroll(page)).toBe(false);

    const enter = page.getByRole('listitem').filter({ hasText: 'Telefono' }).getByRole('button', { name: 'ENTRA' });
    await enter.focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog');
    await expect(modal).toBeVisible();
    await modal.getByRole('radio', { name: 'Español' }).focus();
    await page.keyboard.press('Space');
    await modal.getByRole('button', { name: 'CONFERMA E INIZIA' }).focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/privacy$/);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await page.getByRole('checkbox').focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: /Confirmar|Conferma/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page, 'home on a phone');
  });

  test('the demo candidate reaches home through picker, language choice and consent', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, { email: 'giulia.ferri@lanificio.example', password: 'Prova2026!' });
    await expect(page).toHaveURL(/\/select-campaign|\/privacy/);
    if (page.url().endsWith('/privacy')) {
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Conferma' }).click();
    }
    await expect(page).toHaveURL(/\/select-campaign$/);
    await expect(page.getByRole('listitem').first()).toBeVisible();
    // Giulia is known to be a woman: the picker greets her in the feminine.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benvenuta');
  });

  test.describe('on a 320 px phone', () => {
    test.use({ viewport: { width: 320, height: 640 }, hasTouch: true });

    test("the picker tells each campaign's kind, status, deadline, progress and report, under the company's logo", async ({ page }) => {
      await page.goto('/login');
      await signIn(page, { email: 'giulia.ferri@lanificio.example', password: 'Prova2026!' });
      if (page.url().endsWith('/privacy')) {
        await page.getByRole('checkbox').check();
        await page.getByRole('button', { name: 'Conferma' }).click();
      }
      await expect(page).toHaveURL(/\/select-campaign$/);
      await expect(page.getByRole('banner').getByRole('img', { name: 'Lanificio Bassi S.p.A.' })).toBeVisible();

      const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
      const agenda = card('Un mese da consulente');
      await expect(agenda).toContainText('Agenda');
      await expect(agenda).toContainText('In corso');
      await expect(agenda).toContainText('Scade il 31/12/2027');
      await expect(agenda.getByRole('progressbar', { name: 'Avanzamento in Un mese da consulente' })).toBeVisible();
      const finished = card('Valutazione 2025');
      await expect(finished).toContainText('Conclusa');
      await expect(finished).toContainText('Report disponibile');
      await expect(finished).toContainText('2 di 2 attività completate');
      await expect(finished).not.toContainText('Scade il');
      await expect(card('Feedback 360 – 2026')).toContainText('Feedback 360');
      await expect(finished.getByRole('button', { name: 'ENTRA Valutazione 2025' })).toBeVisible();

      expect(await hasHorizontalScroll(page)).toBe(false);
      await expectAccessible(page, 'campaign picker at 320 px');
    });
  });
});
