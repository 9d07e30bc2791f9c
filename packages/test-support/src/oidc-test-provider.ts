// oidc-provider ships no types: its declaration sits beside this file and comes with it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient declaration cannot be imported
/// <reference path="./oidc-provider.d.ts" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcTestProviderOptions {
  clientId?: string;
  clientSecret?: string;
  /** Where the provider may send the browser back, e.g. `${PUBLIC_URL}/api/v2/auth/sso/acme/callback`. */
  redirectUris: string[];
  /**
   * The claims of the person who signs in with a given login (whatever is typed in the login
   * form). Default: `{ email: login, email_verified: true }`.
   */
  claimsFor?: (login: string) => Record<string, unknown>;
}

export interface OidcTestProvider {
  /** `http://127.0.0.1:<port>`: the `issuer` of a company's sso block. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Signs in the way a browser would on the provider's development pages (login form, then consent),
   * starting from the authorization URL the app redirected to. Returns the URL the provider sends
   * the browser back to (the app's callback, with code and state).
   */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 and a random port, with one
 * confidential client and the library's development login pages: any login and password are
 * accepted, and the login becomes the account id.
 */
export async function startOidcTestProvider(opts: OidcTestProviderOptions): Promise<OidcTestProvider> {
  const clientId = opts.clientId ?? 'prova-test';
  const clientSecret = opts.clientSecret ?? 'prova-test-secret-0123456789abcdef';
  const claimsFor = opts.claimsFor ?? ((login: string) => ({ email: login, email_verified: true }));

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'preferred_username'] },
    findAccount: async (_ctx: unknown, accountId: string) => ({
      accountId,
      claims: async () => ({ sub: accountId, ...claimsFor(accountId) }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['prova-oidc-test-provider-cookie-key'] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  });
  // The development pages and keys make the library warn; in tests that is expected.
  provider.on('server_error', (_ctx, err) => console.error('oidc test provider:', err));
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    signIn: (authorizationUrl, login) => signInAtProvider(issuer, authorizationUrl, login),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function signInAtProvider(issuer: string, authorizationUrl: string, login: string): Promise<URL> {
  const origin = new URL(issuer).origin;
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let request: RequestInit = { method: 'GET' };

  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      ...request,
      redirect: 'manual',
      headers: { ...(request.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }

    if (response.status >= 300 && response.status < 400) {
      const next = new URL(response.headers.get('location') ?? '', url);
      if (next.origin !== origin) return next;
      url = next;
      request = { method: 'GET' };
      continue;
    }

    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status} at ${url.pathname}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form at ${url.pathname}`);
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any-password' } : { prompt });
    url = new URL(action.replace(/&amp;/g, '&'), url);
    request = { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('the provider did not send the browser back within 20 steps');
}
