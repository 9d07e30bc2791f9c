import type { ThrottleRow } from '../repositories/sign-in-throttle-repository';
import type { Repositories } from '../repositories/create-repositories';

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

/** What the counts say of a sign-in about to be tried. */
export async function checkSignIn(repos: ThrottleRepos, email: string, ip: string, now = new Date()): Promise<SignInCheck> {
  const rows = await repos.signInThrottle.find(accountKey(email), addressKey(ip));
  const until = Math.max(0, ...rows.map((row) => (row.blocked_until ? Date.parse(row.blocked_until) : 0)));
  return {
    wait: until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0,
    accountCounted: rows.some((row) => row.key === accountKey(email)),
  };
}

export async function recordSignInFailure(repos: ThrottleRepos, email: string, ip: string, now = new Date()): Promise<void> {
  const keys = [accountKey(email), addressKey(ip)];
  const rows = new Map((await repos.signInThrottle.find(keys[0], keys[1])).map((row) => [row.key, row]));
  const next = (key: string): ThrottleRow => {
    const row = rows.get(key);
    const fresh = !row || Date.parse(row.window_start) + WINDOW_MS < now.getTime();
    return { key, failures: fresh ? 1 : row.failures + 1, window_start: fresh ? now.toISOString() : row.window_start, blocked_until: null };
  };
  const account = next(keys[0]);
  if (account.failures >= ACCOUNT_FREE_FAILURES) {
    const wait = Math.min(ACCOUNT_MAX_WAIT_MS, 1000 * 2 ** (account.failures - ACCOUNT_FREE_FAILURES));
    account.blocked_until = new Date(now.getTime() + wait).toISOString();
  }
  const address = next(keys[1]);
  if (address.failures >= ADDRESS_MAX_FAILURES)
    address.blocked_until = new Date(Date.parse(address.window_start) + WINDOW_MS).toISOString();
  await repos.signInThrottle.save(account);
  await repos.signInThrottle.save(address);
}

/**
 * A right password ends the account's count (the address keeps its own). Most sign-ins follow no failure:
 * the check before found no count, and a morning of sign-ins makes no write for it.
 */
export async function recordSignInSuccess(repos: ThrottleRepos, email: string, check: SignInCheck): Promise<void> {
  if (check.accountCounted) await repos.signInThrottle.clear(accountKey(email));
}
