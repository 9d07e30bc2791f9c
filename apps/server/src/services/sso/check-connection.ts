import type { SsoCheck, SsoCheckProblem } from '@prova/contract/staff-companies';

/** Each of the two calls to the provider gives up after this long. */
const CHECK_TIMEOUT_MS = 5_000;
/** A made-up code: a provider that knows the client answers invalid_grant to it, one that does not, invalid_client. */
const PROBE_CODE = 'prova-connection-test';

// Plain http only for a provider on this machine, as the sign-in itself (oidc-sign-in.ts).
const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** The network's own words for a failed fetch (the cause's code), for the details. */
function networkDetail(error: unknown): string {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { name, code } = e as { name?: string; code?: string };
    if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${CHECK_TIMEOUT_MS / 1000} s`;
    if (code && (NETWORK_CODES.has(code) || code.startsWith('UND_ERR'))) return code;
  }
  return error instanceof Error ? error.message : String(error);
}

export interface ConnectionSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  redirectUri: string;
}

/**
 * "Test the connection" of a company's single sign-on, without a browser: reads the issuer's discovery document
 * and checks it names this issuer and the endpoints a sign-in uses, then presents the client at the token endpoint
 * with a made-up code, which tells whether the provider knows the client id and secret. The first problem found
 * is the answer.
 */
export async function checkSsoConnection(settings: ConnectionSettings, fetchImpl: typeof fetch = fetch): Promise<SsoCheck> {
  const issuer = new URL(settings.issuer);
  const discoveryUrl = new URL(`${issuer.href.replace(/\/$/, '')}/.well-known/openid-configuration`).href;
  const answer = (problem: SsoCheckProblem | null, more: Partial<Pick<SsoCheck, 'found' | 'httpStatus' | 'detail'>> = {}): SsoCheck => ({
    ok: problem === null,
    problem,
    found: more.found ?? null,
    httpStatus: more.httpStatus ?? null,
    detail: more.detail ?? null,
    discoveryUrl,
  });
  if (issuer.protocol !== 'https:' && !isLoopback(issuer)) return answer('INSECURE_ISSUER');

  let response: Response;
  try {
    response = await fetchImpl(discoveryUrl, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  } catch (error) {
    return answer('UNREACHABLE', { detail: networkDetail(error) });
  }
  if (!response.ok) return answer('DISCOVERY_HTTP_ERROR', { httpStatus: response.status });
  let metadata: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(await response.text());
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    metadata = parsed as Record<string, unknown>;
  } catch (error) {
    return answer('DISCOVERY_NOT_JSON', { detail: error instanceof Error ? error.message : null });
  }
  // The provider's issuer must be the one given, to the letter but for a trailing slash (OpenID Connect Discovery 4.3).
  const named = typeof metadata.issuer === 'string' ? metadata.issuer : '';
  if (named.replace(/\/$/, '') !== settings.issuer.replace(/\/$/, '')) return answer('ISSUER_MISMATCH', { found: named || null });
  for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (typeof metadata[endpoint] !== 'string') return answer('DISCOVERY_INCOMPLETE', { found: endpoint });
  }

  const methods = Array.isArray(metadata.token_endpoint_auth_methods_supported)
    ? (metadata.token_endpoint_auth_methods_supported as unknown[])
    : ['client_secret_basic'];
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: PROBE_CODE, redirect_uri: settings.redirectUri });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (settings.clientSecret && (methods.includes('client_secret_post') || !methods.includes('client_secret_basic'))) {
    form.set('client_id', settings.clientId);
    form.set('client_secret', settings.clientSecret);
  } else if (settings.clientSecret) {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`).toString('base64')}`;
  } else form.set('client_id', settings.clientId);
  let token: Response;
  try {
    token = await fetchImpl(metadata.token_endpoint as string, {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  } catch (error) {
    return answer('UNREACHABLE', { found: 'token_endpoint', detail: networkDetail(error) });
  }
  const body = (await token.json().catch(() => ({}))) as { error?: unknown; error_description?: unknown };
  const said = typeof body.error_description === 'string' ? body.error_description : typeof body.error === 'string' ? body.error : null;
  if (body.error === 'invalid_client' || token.status === 401)
    return answer(settings.clientSecret ? 'CLIENT_REJECTED' : 'SECRET_MISSING', { httpStatus: token.status, detail: said });
  return answer(null, { detail: said });
}
