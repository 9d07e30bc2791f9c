import type { AuditEntry } from '../plugins/audit';
import type { Repositories } from '../repositories/create-repositories';
import { HttpError } from '../http/http-error';
import { isStaff } from '../domain/roles';
import { checkPassword, hashIsCurrent, hashPassword } from './passwords';
import { checkSignIn, recordSignInFailure, recordSignInSuccess, signInKeys } from './sign-in-guard';

type SignInRepos = Pick<Repositories, 'users' | 'sessions' | 'signInThrottle'>;
type SignInRead = Awaited<ReturnType<Repositories['users']['findForSignIn']>>;
type SignInUser = NonNullable<SignInRead['user']>;

export interface SignInAttempt {
  username: string;
  password: string;
  ip: string;
  /** The account's device cookie this browser presented, checked (services/device-cookie.ts). */
  device: string | undefined;
  /** The session opened with the read, kept only for a sign-in (its token is the caller's to send). */
  sessionId: string;
}

export type SignInResult =
  /** The guard holds this account or address for `wait` seconds. */
  | { kind: 'throttled'; wait: number; message: string }
  /** Imported without a password and not held to single sign-on: the caller mails a link to set one. */
  | { kind: 'password-must-be-set'; user: SignInUser }
  | { kind: 'signed-in'; user: SignInUser; open: SignInRead['open'] };

/**
 * A sign-in with a password: the guard's answer, the password, the person's state, in that order. Wrong credentials,
 * single sign-on required and no active campaign are HttpErrors; the session opened with the read is discarded for
 * every answer but a sign-in.
 */
export async function signIn(repos: SignInRepos, attempt: SignInAttempt, audit: (entry: AuditEntry) => void): Promise<SignInResult> {
  const { username, password, ip, device, sessionId } = attempt;
  // The sign-in's own request is counted, and its session opened, in the statement that reads the person and the
  // guard's counts: a route limit's hook and a session written after the password's check each cost a statement of
  // their own, a few per cent of the sign-ins both cores allow.
  const { user, open, counts } = await repos.users.findForSignIn(username, signInKeys(username, ip, device), sessionId);
  let result: SignInResult | undefined;
  try {
    result = await decide();
    return result;
  } finally {
    // Its token was never sent: only the person's own row could have been opened.
    if (result?.kind !== 'signed-in' && user) await repos.sessions.discard(sessionId);
  }

  async function decide(): Promise<SignInResult> {
    const check = checkSignIn(counts, device);
    if (check.wait > 0) {
      const locked = device !== undefined && check.device === undefined ? ', device cookie locked out' : '';
      audit({ event: 'sign-in-throttled', email: username, detail: `wait ${check.wait} s (${check.reason}${locked})` });
      const what = check.reason === 'requests' ? 'sign-ins' : 'failed sign-ins';
      return { kind: 'throttled', wait: check.wait, message: `Too many ${what}: try again in ${check.wait} s` };
    }
    const active = user && !user.deactivated_at ? user : undefined;
    // It counts as a failure, so probing which addresses have no password yet is held back like guessing passwords.
    if (active && !active.password_hash && !(active.has_sso === 1 && active.company_sso_slug)) {
      await recordSignInFailure(repos, username, ip, check);
      audit({ event: 'password-must-be-set', userId: active.id, email: username });
      return { kind: 'password-must-be-set', user: active };
    }
    if (!(await checkPassword(user?.password_hash, password)) || !active) {
      await recordSignInFailure(repos, username, ip, check);
      audit({ event: 'sign-in-failed', email: username, ...(check.device ? { detail: 'trusted device' } : {}) });
      throw new HttpError(422, 'WRONG_CREDENTIALS', 'Wrong credentials');
    }
    await recordSignInSuccess(repos, username, check);
    // A hash made with earlier parameters is made anew, once, while the password is at hand: a sign-in then costs
    // what every other does, and takes no longer than one at an e-mail nobody has (checked against a current hash).
    if (active.password_hash && !hashIsCurrent(active.password_hash))
      await repos.users.upgradePasswordHash(active.id, active.password_hash, await hashPassword(password));
    // People marked for single sign-on in a company that has it come in only through it.
    if (active.has_sso === 1 && active.company_sso_slug) {
      throw new HttpError(422, 'SSO_REQUIRED', `Sign in through your company's single sign-on: /sso/${active.company_sso_slug}`);
    }
    // Staff sign in to the console even when they take part in no campaign themselves.
    if (open.length === 0 && !isStaff(active.role)) throw new HttpError(422, 'NO_ACTIVE_CAMPAIGN', 'No active campaign');
    return { kind: 'signed-in', user: active, open };
  }
}
