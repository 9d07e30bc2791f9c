import * as oidc from 'openid-client';
import { SsoError } from './sso-error';
import type { SsoSettings } from '../../repositories/json-column-readers';

/** Each call to the provider (discovery, token, userinfo) gives up after this many seconds. */
const PROVIDER_TIMEOUT_S = 5;
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const SCOPE = 'openid email profile';

export interface AuthorizationStart {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface SignedIn {
  email: string;
  subject: string;
}

// Plain http is accepted only for a provider on this machine (development and tests).
const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/** OpenID Connect authorization-code flow with PKCE, state and nonce (openid-client 6). */
export function createOidcSignIn() {
  const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  /** The provider's metadata with this client, discovered once per issuer and client and kept an hour. */
  function configuration(settings: SsoSettings): Promise<oidc.Configuration> {
    const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret ?? null]);
    const hit = discovered.get(key);
    if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
    const config = discover(settings);
    discovered.set(key, { at: Date.now(), config });
    config.catch(() => discovered.delete(key));
    return config;
  }

  return {
    async start(settings: SsoSettings, redirectUri: string): Promise<AuthorizationStart> {
      const config = await guard(configuration(settings));
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, state, nonce, codeVerifier };
    },

    /** Exchanges the code of the callback URL and reads the e-mail claim (ID token, else userinfo). */
    async finish(
      settings: SsoSettings,
      callbackUrl: URL,
      pending: { state: string; nonce: string; codeVerifier: string },
    ): Promise<SignedIn> {
      const config = await guard(configuration(settings));
      const tokens = await guard(
        oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        }),
      );
      const idClaims = tokens.claims();
      if (!idClaims) throw new SsoError('SSO_FAILED', 'No ID token');
      let claims: Record<string, unknown> = idClaims;
      // The address, and whether the provider verified it, may come from the user info alone.
      const verifiedMissing = settings.emailClaim === 'email' && claims.email_verified === undefined;
      if (typeof claims[settings.emailClaim] !== 'string' || verifiedMissing) {
        claims = { ...(await guard(oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub))), ...idClaims };
      }
      const email = claims[settings.emailClaim];
      if (typeof email !== 'string' || !email.trim())
        throw new SsoError('SSO_FAILED', `The provider sent no "${settings.emailClaim}" claim`);
      // Only an address the provider says it verified names a person here: without the claim, anyone who typed that
      // address at the provider would do. (Some providers send the boolean as a string.)
      if (settings.emailClaim === 'email' && claims.email_verified !== true && claims.email_verified !== 'true') {
        const said = claims.email_verified === undefined ? 'does not say it verified' : 'marks as not verified';
        throw new SsoError('EMAIL_NOT_VERIFIED', `The provider ${said} the e-mail address`);
      }
      return { email: email.trim().toLowerCase(), subject: idClaims.sub };
    },
  };
}
export type OidcSignIn = ReturnType<typeof createOidcSignIn>;

async function discover(settings: SsoSettings): Promise<oidc.Configuration> {
  const issuer = new URL(settings.issuer);
  const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
  const execute = insecure ? [oidc.allowInsecureRequests] : [];
  const auth = settings.clientSecret ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None();
  const config = await oidc.discovery(issuer, settings.clientId, undefined, auth, { timeout: PROVIDER_TIMEOUT_S, execute });
  // Most providers take the secret in the body; some accept only HTTP Basic.
  const methods = config.serverMetadata().token_endpoint_auth_methods_supported;
  if (!settings.clientSecret || !methods || methods.includes('client_secret_post') || !methods.includes('client_secret_basic'))
    return config;
  const basic = new oidc.Configuration(
    config.serverMetadata(),
    settings.clientId,
    undefined,
    oidc.ClientSecretBasic(settings.clientSecret),
  );
  basic.timeout = PROVIDER_TIMEOUT_S;
  for (const apply of execute) apply(basic);
  return basic;
}

/** Turns the provider's failures into the codes of the error page. */
async function guard<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof SsoError) throw error;
    if (isUnreachable(error)) throw new SsoError('PROVIDER_UNREACHABLE', 'The SSO provider could not be reached', { cause: error });
    throw new SsoError('SSO_FAILED', error instanceof Error ? error.message : 'SSO sign-in failed', { cause: error });
  }
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

function isUnreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { name, code, message } = e as { name?: string; code?: string; message?: string };
    if (name === 'TimeoutError' || name === 'AbortError') return true;
    if (code && (NETWORK_CODES.has(code) || code.startsWith('UND_ERR_CONNECT'))) return true;
    if (e instanceof TypeError && message === 'fetch failed') return true;
  }
  return false;
}
