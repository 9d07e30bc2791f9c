import type { Repositories } from '../repositories/create-repositories';
import type { SignInCounts } from '../repositories/sign-in-throttle-repository';

// Guessing passwords gets slower and slower for one account, whatever address it comes from; one
// address trying many accounts is stopped too. Only failures count, so the many people of a company
// who sign in correctly from one shared address are never held back.

/** Failures of an account before each further one makes it wait: 1 s, 2 s, 4 s... up to ACCOUNT_MAX_WAIT_MS. */
export const ACCOUNT_FREE_FAILURES = 5;
export const ACCOUNT_MAX_WAIT_MS = 15 * 60_000;
/** Failures from one address, across accounts, within the window before it must wait the window out. */
export const ADDRESS_MAX_FAILURES = 50;
export const WINDOW_MS = 15 * 60_000;

type ThrottleRepos = Pick<Repositories, 'signInThrottle'>;

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const addressKey = (ip: string) => `address:${ip}`;

export interface SignInCheck {
  /** Seconds to wait before this account may be tried from this address again (0: go ahead). */
  wait: number;
  /** Failures of the account are counted: a right password ends them. */
  accountCounted: boolean;
}

/** Where the guard keeps the counts a sign-in of `email` from `ip` reads (users.findForSignIn reads them with the person). */
export const signInKeys = (email: string, ip: string) => ({ account: accountKey(email), address: addressKey(ip) });

/** What the counts say of a sign-in about to be tried: whether the account has one, until when each key is held back. */
export function checkSignIn(counts: SignInCounts, now = new Date()): SignInCheck {
  const until = Math.max(0, ...counts.heldUntil.map((held) => (held ? Date.parse(held) : 0)));
  return {
    wait: until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0,
    accountCounted: counts.accountCounted,
  };
}

/**
 * One more failure of the account and of the address, counted in one statement where they are stored: failures
 * that come at once (guesses from many addresses, on several instances) are each counted.
 */
export async function recordSignInFailure(repos: ThrottleRepos, email: string, ip: string, now = new Date()): Promise<void> {
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
