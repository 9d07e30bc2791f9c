import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequestSchema, meResponseSchema, privacyAgreementResponseSchema } from '@prova/contract/auth';
import { loginAnswerSchema } from '@prova/contract/campaigns';
import { apiErrorSchema } from '@prova/contract/errors';
import { statusOk } from '@prova/contract/common';
import { checkSignIn, recordSignInFailure, recordSignInSuccess, signInKeys } from '../../../services/sign-in-guard';
import { createDeviceCookies, DEVICE_COOKIE_MAX_AGE_S, deviceCookieName } from '../../../services/device-cookie';
import { HttpError } from '../../../http/http-error';
import { requireSelectedCampaign } from '../../../policies/campaign-access';
import { presentCampaignSummary, privacyText } from '../../../presenters/present-campaign';
import { presentUser } from '../../../presenters/present-user';
import { isStaff } from '../../../domain/roles';
import { requireAuth } from '../../../plugins/session';
import { checkPassword, hashIsCurrent, hashPassword } from '../../../services/passwords';
import { passwordMustBeSet } from './password/first-password';
import { newSessionToken, sessionIdOf } from '../../../repositories/session-rows';

export interface AuthRoutesOptions {
  publicUrl: string;
  secureCookie: boolean;
  /** Signs the device cookies (DEVICE_COOKIE_SECRET); without one a random key lives as long as the process. */
  deviceSecret?: string;
}

export default async function authRoutes(fastify: FastifyInstance, opts: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { users, campaigns, sessions } = app.repos;
  const devices = createDeviceCookies(opts.deviceSecret ?? randomBytes(32).toString('hex'));
  const deviceCookie = deviceCookieName(opts.secureCookie);
  // Sent with sign-ins only (SameSite strict: a sign-in is posted from the app's own page), never readable by scripts.
  const deviceCookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: opts.secureCookie,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  };

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        body: loginRequestSchema,
        response: { 200: loginAnswerSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      // The sign-in's own request is counted, and its session opened, in the statement that reads the person and the
      // guard's counts: a route limit's hook and a session written after the password's check each cost a statement of
      // their own, a few per cent of the sign-ins both cores allow. The session is kept only if the sign-in succeeds.
      const token = newSessionToken();
      const sessionId = sessionIdOf(token);
      // A device cookie of this account (someone signed in with the password in this browser before): its sign-ins are
      // not held by others' failures (services/sign-in-guard.ts).
      const presented = request.cookies[deviceCookie];
      const device = devices.deviceFor(presented, username);
      const { user, open, counts } = await users.findForSignIn(username, signInKeys(username, request.ip, device), sessionId);
      // Everything after the read: the guard's answer, the password, the person's state. Only a sign-in keeps the session.
      let kept = false;
      const signIn = async () => {
        const check = checkSignIn(counts, device);
        if (check.wait > 0) {
          const locked = device !== undefined && check.device === undefined ? ', device cookie locked out' : '';
          request.audit({ event: 'sign-in-throttled', email: username, detail: `wait ${check.wait} s (${check.reason}${locked})` });
          void reply.header('retry-after', String(check.wait));
          const what = check.reason === 'requests' ? 'sign-ins' : 'failed sign-ins';
          throw new HttpError(429, 'RATE_LIMITED', `Too many ${what}: try again in ${check.wait} s`);
        }
        const active = user && !user.deactivated_at ? user : undefined;
        // Imported without a password, and not held to single sign-on: the spec's "password must be set"
        // answer, and a mail to set one (first-password.ts). It counts as a failure, so probing which
        // addresses have no password yet is held back like guessing passwords.
        if (active && !active.password_hash && !(active.has_sso === 1 && active.company_sso_slug)) {
          await recordSignInFailure(app.repos, username, request.ip, check);
          request.audit({ event: 'password-must-be-set', userId: active.id, email: username });
          return passwordMustBeSet(request.server, active, opts.publicUrl);
        }
        if (!(await checkPassword(user?.password_hash, password)) || !active) {
          await recordSignInFailure(app.repos, username, request.ip, check);
          request.audit({ event: 'sign-in-failed', email: username, ...(check.device ? { detail: 'trusted device' } : {}) });
          throw new HttpError(422, 'WRONG_CREDENTIALS', 'Wrong credentials');
        }
        await recordSignInSuccess(app.repos, username, check);
        // A hash made with earlier parameters is made anew, once, while the password is at hand: a sign-in then costs
        // what every other does, and takes no longer than one at an e-mail nobody has (checked against a current hash).
        if (active.password_hash && !hashIsCurrent(active.password_hash))
          await users.upgradePasswordHash(active.id, active.password_hash, await hashPassword(password));
        // People marked for single sign-on in a company that has it come in only through it.
        if (active.has_sso === 1 && active.company_sso_slug) {
          throw new HttpError(422, 'SSO_REQUIRED', `Sign in through your company's single sign-on: /sso/${active.company_sso_slug}`);
        }
        // Staff sign in to the console even when they take part in no campaign themselves.
        if (open.length === 0 && !isStaff(active.role)) throw new HttpError(422, 'NO_ACTIVE_CAMPAIGN', 'No active campaign');
        await reply.startSession(active.id, { token });
        kept = true;
        // This browser is trusted for the account from now on, with a new nonce at each sign-in.
        reply.setCookie(deviceCookie, devices.afterSignIn(presented, username), deviceCookieOptions);
        request.audit({ event: 'sign-in', userId: active.id });
        const names = await campaigns.languageNames();
        return { status: true as const, user: presentUser(active), campaigns: open.map((c) => presentCampaignSummary(c, active, names)) };
      };
      try {
        return await signIn();
      } finally {
        // Its token was never sent: only the person's own row could have been opened.
        if (!kept && user) await sessions.discard(sessionId);
      }
    },
  );

  app.get('/me', { schema: { tags: ['auth'], response: { 200: meResponseSchema } } }, async (request, reply) => {
    const { user, session } = await requireAuth(request);
    // The app's readable cookie is back if a late refusal (a 401 to a request sent before this sign-in) took it away.
    reply.tellSignedIn(true);
    return { status: true as const, user: Object.assign(presentUser(user), { viaSso: session.viaSso }) };
  });

  app.post('/logout', { schema: { tags: ['auth'], response: { 200: statusOk } } }, async (_request, reply) => {
    await reply.endSession();
    return { status: true as const };
  });

  app.get('/privacy/agreement', { schema: { tags: ['auth'], response: { 200: privacyAgreementResponseSchema } } }, async (request) => {
    const { participation, user } = await requireSelectedCampaign(request);
    return { status: true as const, privacy: privacyText(participation, user) };
  });

  app.post('/privacy/giveConsent', { schema: { tags: ['auth'], response: { 200: statusOk } } }, async (request) => {
    const { participation, user } = await requireSelectedCampaign(request);
    await campaigns.giveConsent(participation.id, user.id);
    return { status: true as const };
  });
}
