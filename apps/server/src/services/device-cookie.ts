import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// OWASP's device cookie ("Slow Down Online Guessing Attacks with Device Cookies"): a browser where someone signed in
// with a password keeps a signed token bound to that account. A later sign-in of that account which presents it is a
// trusted device: the holds that guessing from elsewhere brings (the address's, the account's) do not apply to it, only
// the device's own lockout after DEVICE_MAX_FAILURES (sign-in-guard.ts). Everyone else gets the holds.

/** The cookie's name; over HTTPS a __Host- one, as the session's. */
export const DEVICE_COOKIE = 'prova_device';
export const deviceCookieName = (secure: boolean) => (secure ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE);
/** How long a browser stays trusted after its last sign-in there: each sign-in sets the cookie anew. */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;
/**
 * Accounts one browser is trusted for (a family computer, a test centre's desk): the latest sign-ins first. The cookie
 * stays small, about 70 characters an account.
 */
export const DEVICE_COOKIE_MAX_ACCOUNTS = 5;

const NONCE = /^[A-Za-z0-9_-]{22}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

const normalEmail = (email: string) => email.trim().toLowerCase();

export interface DeviceCookies {
  /**
   * The nonce of the entry in `cookie` that is bound to `email` and signed with this server's secret, if there is one:
   * the device's identity, under which its failures are counted.
   */
  deviceFor(cookie: string | undefined, email: string): string | undefined;
  /** The cookie after a sign-in of `email`: a new entry for it first, its older one and any that does not verify gone. */
  afterSignIn(cookie: string | undefined, email: string): string;
}

/**
 * Device cookies signed with `secret` (HMAC-SHA-256). Each entry is `nonce.signature`, the signature over the account's
 * e-mail and the nonce: the cookie names no account, and one signed for another account, altered or made up does not
 * verify. Every instance that shares the secret trusts the same browsers.
 */
export function createDeviceCookies(secret: string): DeviceCookies {
  const sign = (email: string, nonce: string) =>
    createHmac('sha256', `prova-device:${secret}`)
      .update(`${normalEmail(email)}\n${nonce}`)
      .digest('base64url');
  const verifies = (entry: string, email: string): string | undefined => {
    const [nonce, signature, ...rest] = entry.split('.');
    if (rest.length > 0 || !NONCE.test(nonce ?? '') || !SIGNATURE.test(signature ?? '')) return undefined;
    return timingSafeEqual(Buffer.from(signature), Buffer.from(sign(email, nonce))) ? nonce : undefined;
  };
  const entries = (cookie: string | undefined) => (cookie ?? '').split('~').slice(0, DEVICE_COOKIE_MAX_ACCOUNTS).filter(Boolean);

  return {
    deviceFor(cookie, email) {
      for (const entry of entries(cookie)) {
        const nonce = verifies(entry, email);
        if (nonce) return nonce;
      }
      return undefined;
    },
    afterSignIn(cookie, email) {
      const nonce = randomBytes(16).toString('base64url');
      // Entries of other accounts cannot be told from forged ones without their e-mail: they stay, well formed, in order.
      const others = entries(cookie).filter((entry) => /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/.test(entry) && !verifies(entry, email));
      return [`${nonce}.${sign(email, nonce)}`, ...others].slice(0, DEVICE_COOKIE_MAX_ACCOUNTS).join('~');
    },
  };
}
