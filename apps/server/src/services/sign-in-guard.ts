import type { Repositories } from '../repositories/create-repositories';
import type { SignInCounts } from '../repositories/sign-in-throttle-repository';

// Guessing passwords gets slower and slower for one account, whatever address it comes from; one
// address trying many accounts is stopped too. Only failures count there, so the many people of a company
// who sign in correctly from one shared address are never held back. Apart from those, one address may
// try one account REQUESTS_MAX times a minute, right or wrong: no script hashes passwords at full speed.
// A browser that presents a device cookie of the account (services/device-cookie.ts: someone signed in there with the
// password before) is held by neither: guesses from the same office, or at the account from anywhere, leave it alone.
// Its own failures are counted under the device instead, and DEVICE_MAX_FAILURES of them lock the cookie out for the
// window; a locked-out cookie counts for nothing, and the sign-in is held like anyone's (OWASP's device cookies).

/** Failures of an account before each further one makes it wait: 1 s, 2 s, 4 s... up to ACCOUNT_MAX_WAIT_MS. */
export const ACCOUNT_FREE_FAILURES = 5;
export const ACCOUNT_MAX_WAIT_MS = 15 * 60_000;
/** Failures from one address, across accounts, within the window before it must wait the window out. */
export const ADDRESS_MAX_FAILURES = 50;
export const WINDOW_MS = 15 * 60_000;
/**
 * Sign-ins from one address for one account in REQUESTS_WINDOW_MS, right or wrong, before the next must wait for the
 * window's end: what a person retyping a password never reaches, and a script trying at full speed does at once.
 */
export const REQUESTS_MAX = 10;
export const REQUESTS_WINDOW_MS = 60_000;
/** Failures with one device cookie within WINDOW_MS before it is locked out for the rest of the window. */
export const DEVICE_MAX_FAILURES = 10;

type ThrottleRepos = Pick<Repositories, 'signInThrottle'>;

const normalEmail = (email: string) => email.trim().toLowerCase();
const accountKey = (email: string) => `account:${normalEmail(email)}`;
const addressKey = (ip: string) => `address:${ip}`;
// Without a device cookie, a key no row ever has (a nonce is never empty).
const deviceKey = (device: string | undefined) => `device:${device ?? ''}`;
// The name the count had when @fastify/rate-limit kept it (before it was read with the person): counts carry over.
const requestsKey = (email: string, ip: string) => `rate-limit:POST /api/auth/login:${ip}:${normalEmail(email)}`;

export interface SignInCheck {
  /** Seconds to wait before this account may be tried from this address again (0: go ahead). */
  wait: number;
  /** Why it must wait: failures of the account or the address, or too many sign-ins of both at once. */
  reason?: 'failures' | 'requests';
  /** Failures of the account are counted: a right password ends them. */
  accountCounted: boolean;
  /** The device cookie of the account this sign-in presents, if it is not locked out: its failures count there. */
  device?: string;
}

/**
 * Where the guard keeps the counts a sign-in of `email` from `ip` (with the browser's `device` cookie of that account, if
 * it presents one) reads, and the key its own request is counted under (users.findForSignIn counts it and reads them
 * with the person).
 */
export const signInKeys = (email: string, ip: string, device?: string) => ({
  account: accountKey(email),
  address: addressKey(ip),
  device: deviceKey(device),
  requests: requestsKey(email, ip),
  requestsWindowMs: REQUESTS_WINDOW_MS,
});

/**
 * What the counts say of a sign-in about to be tried (`device`: the nonce of the account's device cookie it presents):
 * whether the account has one, until when it must wait and why, and whether it is a trusted device's.
 */
export function checkSignIn(counts: SignInCounts, device?: string, now = new Date()): SignInCheck {
  const secondsUntil = (time: number) => (time > now.getTime() ? Math.ceil((time - now.getTime()) / 1000) : 0);
  const heldUntil = (until: string | null) => secondsUntil(until ? Date.parse(until) : 0);
  const trusted = device !== undefined && heldUntil(counts.deviceHeldUntil) === 0 ? device : undefined;
  // A trusted device answers to no one else's failures.
  const held = trusted ? 0 : Math.max(0, ...counts.heldUntil.map(heldUntil));
  const { accountCounted } = counts;
  if (held > 0) return { wait: held, reason: 'failures', accountCounted };
  if (counts.requests.count > REQUESTS_MAX) {
    // At least a second: a window that ended as the count was read is over by the time the answer arrives.
    const wait = Math.max(1, secondsUntil(Date.parse(counts.requests.windowStart) + REQUESTS_WINDOW_MS));
    return { wait, reason: 'requests', accountCounted, device: trusted };
  }
  return { wait: 0, accountCounted, device: trusted };
}

/**
 * One more failure of the account and of the address, counted in one statement where they are stored: failures
 * that come at once (guesses from many addresses, on several instances) are each counted. From a trusted device
 * (`check.device`), one more failure of that device instead, which locks it out at DEVICE_MAX_FAILURES.
 */
export async function recordSignInFailure(
  repos: ThrottleRepos,
  email: string,
  ip: string,
  check?: Pick<SignInCheck, 'device'>,
  now = new Date(),
): Promise<void> {
  if (check?.device !== undefined) {
    const key = deviceKey(check.device);
    const [device] = await repos.signInThrottle.countMany([key], WINDOW_MS, now, { durable: true });
    if (device.count >= DEVICE_MAX_FAILURES)
      await repos.signInThrottle.holdUntil(key, new Date(Date.parse(device.windowStart) + WINDOW_MS).toISOString());
    return;
  }
  const [account, address] = await repos.signInThrottle.countMany([accountKey(email), addressKey(ip)], WINDOW_MS, now, { durable: true });
  if (account.count >= ACCOUNT_FREE_FAILURES) {
    const wait = Math.min(ACCOUNT_MAX_WAIT_MS, 1000 * 2 ** (account.count - ACCOUNT_FREE_FAILURES));
    await repos.signInThrottle.holdUntil(accountKey(email), new Date(now.getTime() + wait).toISOString());
  }
  if (address.count >= ADDRESS_MAX_FAILURES)
    await repos.signInThrottle.holdUntil(addressKey(ip), new Date(Date.parse(address.windowStart) + WINDOW_MS).toISOString());
}

/**
 * A right password ends the account's count (the address keeps its own). Most sign-ins follow no failure:
 * the check before found no count, and a morning of sign-ins makes no write for it.
 */
export async function recordSignInSuccess(repos: ThrottleRepos, email: string, check: SignInCheck): Promise<void> {
  if (check.accountCounted) await repos.signInThrottle.clear(accountKey(email));
}
