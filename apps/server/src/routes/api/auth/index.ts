import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequestSchema, meResponseSchema } from '@prova/contract/auth';
import { privacyAgreementResponseSchema } from '@prova/contract/privacy';
import { loginAnswerSchema } from '@prova/contract/campaigns';
import { apiErrorSchema } from '@prova/contract/errors';
import { statusOk } from '@prova/contract/common';
import { consentAt, privacyTextOf, privacyVersionOf } from '../../../domain/consent';
import { withCompanyConsent } from '../../../services/company-consent';
import { signIn } from '../../../services/sign-in';
import { createDeviceCookies, DEVICE_COOKIE_MAX_AGE_S, deviceCookieName } from '../../../services/device-cookie';
import { HttpError } from '../../../http/http-error';
import { requireSelectedCampaign, selectedParticipation } from '../../../policies/campaign-access';
import { presentCampaignSummary, presentLastConsent, presentPrivacyAgreement } from '../../../presenters/present-campaign';
import { presentUser } from '../../../presenters/present-user';
import { requireAuth } from '../../../plugins/session';
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
  const { campaigns } = app.repos;
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
      const token = newSessionToken();
      // A device cookie of this account (someone signed in with the password in this browser before): its sign-ins are
      // not held by others' failures (services/sign-in-guard.ts).
      const presented = request.cookies[deviceCookie];
      const device = devices.deviceFor(presented, username);
      const result = await signIn(app.repos, { username, password, ip: request.ip, device, sessionId: sessionIdOf(token) }, (entry) =>
        request.audit(entry),
      );
      if (result.kind === 'throttled') {
        void reply.header('retry-after', String(result.wait));
        throw new HttpError(429, 'RATE_LIMITED', result.message);
      }
      // The spec's "password must be set" answer, and a mail to set one (first-password.ts).
      if (result.kind === 'password-must-be-set') return passwordMustBeSet(request.server, result.user, opts.publicUrl);
      const { user, open } = result;
      await reply.startSession(user.id, { token });
      // This browser is trusted for the account from now on, with a new nonce at each sign-in.
      reply.setCookie(deviceCookie, devices.afterSignIn(presented, username), deviceCookieOptions);
      request.audit({ event: 'sign-in', userId: user.id });
      const names = await campaigns.languageNames();
      return { status: true as const, user: presentUser(user), campaigns: open.map((c) => presentCampaignSummary(c, user, names)) };
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

  // Also from the account menu, at any time: with no campaign selected, the text the person accepted last.
  app.get('/privacy/agreement', { schema: { tags: ['auth'], response: { 200: privacyAgreementResponseSchema } } }, async (request) => {
    const auth = await requireAuth(request);
    const { user } = auth;
    const selected = await selectedParticipation(request, auth);
    if (!selected) return { status: true as const, ...presentLastConsent(await campaigns.lastConsent(user.id, user.company_id), user) };
    return {
      status: true as const,
      ...presentPrivacyAgreement(await withCompanyConsent(campaigns, selected, user, { keep: false }), user),
    };
  });

  app.post('/privacy/giveConsent', { schema: { tags: ['auth'], response: { 200: statusOk } } }, async (request) => {
    const { participation: selected, user } = await requireSelectedCampaign(request);
    // Accepted already in another campaign of the company: nothing new is recorded.
    const participation = await withCompanyConsent(campaigns, selected, user, { keep: true });
    if (consentAt(participation) != null) return { status: true as const };
    const agreement = participation.privacy_agreement;
    await campaigns.giveConsent(participation.id, participation.company_id, user.id, privacyVersionOf(agreement), privacyTextOf(agreement));
    return { status: true as const };
  });
}
