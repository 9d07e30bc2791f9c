import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../test/build-test-app';
import { type OidcTestProvider, startOidcTestProvider } from '@prova/test-support/oidc-test-provider';

// buildTestApp's PUBLIC_URL: the provider sends the browser back there, and the test injects that request.
const PUBLIC_URL = 'http://localhost:3000';
const callbackOf = (slug: string) => `${PUBLIC_URL}/api/v2/auth/sso/${slug}/callback`;

let provider: OidcTestProvider;
let t: TestApp;
/** What the server logged (pino's JSON lines). */
const logLines: string[] = [];

/** A port nothing listens on: the provider of company "down" is unreachable. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A provider that accepts connections and never answers. */
const silentSockets = new Set<import('node:net').Socket>();
const silent = createServer((socket) => void silentSockets.add(socket));

beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  provider = await startOidcTestProvider({
    redirectUris: [callbackOf('acme'), callbackOf('other')],
    claimsFor: (login) => {
      if (login === 'no-email') return {};
      if (login.startsWith('unverified:')) return { email: login.slice('unverified:'.length), email_verified: false };
      // A provider that does not say whether it verified the address.
      if (login.startsWith('unsaid:')) return { email: login.slice('unsaid:'.length) };
      return { email: login, email_verified: true };
    },
  });
  const sso = (slug: string, issuer = provider.issuer) => ({
    slug,
    type: 'oidc',
    issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
  });
  t = await buildTestApp(
    {
      version: 1,
      companies: [
        { id: 1, name: 'Acme', sso: sso('acme') },
        { id: 2, name: 'Other', sso: sso('other') },
        { id: 3, name: 'Down', sso: sso('down', `http://127.0.0.1:${await closedPort()}`) },
        { id: 4, name: 'Plain' },
        { id: 5, name: 'Slow', sso: sso('slow', `http://127.0.0.1:${(silent.address() as { port: number }).port}`) },
      ],
      users: [
        { company: 'Acme', email: 'alice@acme.example', firstName: 'Alice', lastName: 'Acme', hasSSO: true },
        { company: 'Acme', email: 'carl@acme.example', firstName: 'Carl', lastName: 'Closed', hasSSO: true },
        { company: 'Other', email: 'bob@other.example', firstName: 'Bob', lastName: 'Other', hasSSO: true },
      ],
      campaigns: [
        {
          id: 1,
          company: 'Acme',
          name: 'Open',
          dateStart: '2026-01-01T00:00:00Z',
          dateEnd: '2030-01-01T00:00:00Z',
          participants: [{ user: 'alice@acme.example' }],
        },
        {
          id: 2,
          company: 'Acme',
          name: 'Closed',
          dateStart: '2020-01-01T00:00:00Z',
          dateEnd: '2021-01-01T00:00:00Z',
          participants: [{ user: 'carl@acme.example' }],
        },
        {
          id: 3,
          company: 'Other',
          name: 'Other open',
          dateStart: '2026-01-01T00:00:00Z',
          dateEnd: '2030-01-01T00:00:00Z',
          participants: [{ user: 'bob@other.example' }],
        },
      ],
    },
    { logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } },
  );
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
  for (const socket of silentSockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

/** What a browser does: /api/v2/auth/sso/:slug, the provider's pages, then back to the callback. */
async function signIn(slug: string, login: string, cookie = '') {
  const start = await t.app.inject({ url: `/api/v2/auth/sso/${slug}`, headers: cookie ? { cookie } : {} });
  expect(start.statusCode).toBe(302);
  const location = String(start.headers.location);
  expect(location.startsWith(`${provider.issuer}/`), location).toBe(true);
  const state = start.cookies.find((c) => c.name === 'prova_sso');
  expect(state).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: `/api/v2/auth/sso/${slug}` });

  const back = await provider.signIn(location, login);
  expect(back.origin + back.pathname).toBe(callbackOf(slug));
  const stateCookie = `prova_sso=${state!.value}`;
  const callback = await t.app.inject({
    url: back.pathname + back.search,
    headers: { cookie: cookie ? `${cookie}; ${stateCookie}` : stateCookie },
  });
  return { start, location: new URL(location), back, callback };
}

describe('GET /api/v2/auth/sso/:slug', () => {
  it('sends the browser to the provider with PKCE, state, nonce and the callback as redirect_uri', async () => {
    const res = await t.app.inject({ url: '/api/v2/auth/sso/acme' });
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(url.searchParams.get('client_id')).toBe(provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(callbackOf('acme'));
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toContain('openid');
    for (const p of ['code_challenge', 'state', 'nonce']) expect(url.searchParams.get(p)).toBeTruthy();
    // The sealed cookie carries nothing readable.
    const cookie = res.cookies.find((c) => c.name === 'prova_sso')!;
    expect(cookie.value).not.toContain(url.searchParams.get('state'));
  });

  it('signs in by the e-mail claim, starts an SSO session and sends the browser to /', async () => {
    const { callback } = await signIn('acme', 'Alice@Acme.example');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/');
    const session = callback.cookies.find((c) => c.name === 'prova_session');
    expect(session).toMatchObject({ httpOnly: true, path: '/' });
    // The state cookie is cleared.
    expect(callback.cookies.find((c) => c.name === 'prova_sso')?.value).toBe('');

    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: `prova_session=${session!.value}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ email: 'alice@acme.example', hasSSO: true, viaSso: true, company: { name: 'Acme' } });
    const rows = await t.database.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.via_sso'])
      .where('users.email', '=', 'alice@acme.example')
      .execute();
    expect(rows.map((r) => r.via_sso)).toContain(1);
    const list = await t.app.inject({ url: '/api/usercampaign/list', headers: { cookie: `prova_session=${session!.value}` } });
    expect(list.statusCode).toBe(200);
  });

  it('ends a session already open in the browser before starting the new one', async () => {
    const first = (await signIn('acme', 'alice@acme.example')).callback.cookies.find((c) => c.name === 'prova_session')!;
    const previous = `prova_session=${first.value}`;
    const { callback } = await signIn('acme', 'alice@acme.example', previous);
    expect(callback.headers.location).toBe('/');
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: previous } })).statusCode).toBe(401);
  });

  it('redirects to /sso/error?code=NO_SSO for an unknown slug', async () => {
    for (const url of ['/api/v2/auth/sso/nobody', '/api/v2/auth/sso/nobody/callback?code=x&state=y']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/sso/error?code=NO_SSO');
    }
  });

  it('redirects to /sso/error?code=NO_SSO for a company whose stored SSO settings do not read', async () => {
    const company = await t.database.db
      .selectFrom('companies')
      .select(['id', 'sso'])
      .where('sso_slug', '=', 'acme')
      .executeTakeFirstOrThrow();
    try {
      for (const sso of ['{oops', '{"slug":"acme","issuer":"not a url","clientId":"x"}']) {
        await t.database.db.updateTable('companies').set({ sso }).where('id', '=', company.id).execute();
        const res = await t.app.inject({ url: '/api/v2/auth/sso/acme' });
        expect(res.headers.location).toBe('/sso/error?code=NO_SSO');
      }
    } finally {
      await t.database.db.updateTable('companies').set({ sso: company.sso }).where('id', '=', company.id).execute();
    }
  });

  it('USER_NOT_FOUND when the person is not a user of that company', async () => {
    for (const login of ['ghost@acme.example', 'bob@other.example']) {
      const { callback } = await signIn('acme', login);
      expect(callback.headers.location).toBe('/sso/error?code=USER_NOT_FOUND');
      expect(callback.cookies.find((c) => c.name === 'prova_session')).toBeUndefined();
    }
    // The same person signs in fine through their own company.
    expect((await signIn('other', 'bob@other.example')).callback.headers.location).toBe('/');
    // The failures are logged with the addresses masked.
    const failures = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'SSO sign-in failed');
    expect(failures.map((entry) => entry.err.message)).toEqual(expect.arrayContaining(['No user g***@acme.example in company 1']));
    const log = logLines.join('\n');
    for (const address of ['ghost@acme.example', 'bob@other.example']) expect(log).not.toContain(address);
  });

  it('NO_ACTIVE_CAMPAIGN when the user has no open campaign', async () => {
    const { callback } = await signIn('acme', 'carl@acme.example');
    expect(callback.headers.location).toBe('/sso/error?code=NO_ACTIVE_CAMPAIGN');
    expect(callback.cookies.find((c) => c.name === 'prova_session')).toBeUndefined();
  });

  it('refuses a missing e-mail claim, and an address the provider marks unverified or does not say it verified', async () => {
    expect((await signIn('acme', 'no-email')).callback.headers.location).toBe('/sso/error?code=SSO_FAILED');
    expect((await signIn('acme', 'unverified:alice@acme.example')).callback.headers.location).toBe('/sso/error?code=EMAIL_NOT_VERIFIED');
    // Not saying is not verifying.
    const unsaid = await signIn('acme', 'unsaid:alice@acme.example');
    expect(unsaid.callback.headers.location).toBe('/sso/error?code=EMAIL_NOT_VERIFIED');
    expect(unsaid.callback.cookies.find((c) => c.name === 'prova_session')).toBeUndefined();
  });

  it("refuses a callback without its state cookie, with another slug's, or replayed", async () => {
    const start = await t.app.inject({ url: '/api/v2/auth/sso/acme' });
    const state = start.cookies.find((c) => c.name === 'prova_sso')!;
    const back = await provider.signIn(String(start.headers.location), 'alice@acme.example');
    const path = back.pathname + back.search;

    const noCookie = await t.app.inject({ url: path });
    expect(noCookie.headers.location).toBe('/sso/error?code=SSO_FAILED');
    const forged = await t.app.inject({ url: path, headers: { cookie: `prova_sso=${state.value.slice(0, -4)}AAAA` } });
    expect(forged.headers.location).toBe('/sso/error?code=SSO_FAILED');
    const otherSlug = await t.app.inject({
      url: `/api/v2/auth/sso/other/callback${back.search}`,
      headers: { cookie: `prova_sso=${state.value}` },
    });
    expect(otherSlug.headers.location).toBe('/sso/error?code=SSO_FAILED');

    const ok = await t.app.inject({ url: path, headers: { cookie: `prova_sso=${state.value}` } });
    expect(ok.headers.location).toBe('/');
    // The code is single use at the provider.
    const replay = await t.app.inject({ url: path, headers: { cookie: `prova_sso=${state.value}` } });
    expect(replay.headers.location).toBe('/sso/error?code=SSO_FAILED');
  });

  it('answers PROVIDER_UNREACHABLE within seconds when the provider is down', async () => {
    const started = Date.now();
    const res = await t.app.inject({ url: '/api/v2/auth/sso/down' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/sso/error?code=PROVIDER_UNREACHABLE');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('gives up on a provider that does not answer after about 5 seconds', async () => {
    const started = Date.now();
    const res = await t.app.inject({ url: '/api/v2/auth/sso/slow' });
    expect(res.headers.location).toBe('/sso/error?code=PROVIDER_UNREACHABLE');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('SSO_FAILED when the provider sends back an error instead of a code', async () => {
    const start = await t.app.inject({ url: '/api/v2/auth/sso/acme' });
    const state = start.cookies.find((c) => c.name === 'prova_sso')!;
    const sent = new URL(String(start.headers.location)).searchParams.get('state');
    const res = await t.app.inject({
      url: `/api/v2/auth/sso/acme/callback?error=access_denied&state=${sent}&iss=${encodeURIComponent(provider.issuer)}`,
      headers: { cookie: `prova_sso=${state.value}` },
    });
    expect(res.headers.location).toBe('/sso/error?code=SSO_FAILED');
  });
});
