import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequestSchema, meResponseSchema, privacyAgreementResponseSchema } from '@prova/contract/auth';
import { loginResponseSchema } from '@prova/contract/campaigns';
import { apiErrorSchema } from '@prova/contract/errors';
import { statusOk } from '@prova/contract/common';
import { recordSignInFailure, recordSignInSuccess, signInWait } from '../../../services/sign-in-guard';
import { HttpError } from '../../../http/http-error';
import { requireSelectedCampaign } from '../../../policies/campaign-access';
import { presentCampaignSummary, privacyText } from '../../../presenters/present-campaign';
import { presentUser } from '../../../presenters/present-user';
import { requireAuth } from '../../../plugins/session';
import { checkPassword } from '../../../services/passwords';

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { users, campaigns } = app.repos;

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 422: apiErrorSchema, 429: apiErrorSchema },
      },
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: (r) => `${r.ip}:${String((r.body as { username?: string })?.username ?? '').toLowerCase()}`,
        },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const wait = await signInWait(app.repos, username, request.ip);
      if (wait > 0) {
        request.audit({ event: 'sign-in-throttled', email: username, detail: `wait ${wait} s` });
        void reply.header('retry-after', String(wait));
        throw new HttpError(429, 'RATE_LIMITED', `Too many failed sign-ins: try again in ${wait} s`);
      }
      const user = await users.findByEmail(username);
      if (!(await checkPassword(user?.password_hash, password)) || !user) {
        await recordSignInFailure(app.repos, username, request.ip);
        request.audit({ event: 'sign-in-failed', email: username });
        throw new HttpError(422, 'WRONG_CREDENTIALS', 'Wrong credentials');
      }
      await recordSignInSuccess(app.repos, username);
      // People marked for single sign-on in a company that has it come in only through it.
      if (user.has_sso === 1 && user.company_sso_slug) {
        throw new HttpError(422, 'SSO_REQUIRED', `Sign in through your company's single sign-on: /sso/${user.company_sso_slug}`);
      }
      const open = await campaigns.listOpenForUser(user.id);
      if (open.length === 0) throw new HttpError(422, 'NO_ACTIVE_CAMPAIGN', 'No active campaign');
      await reply.startSession(user.id);
      request.audit({ event: 'sign-in', userId: user.id });
      const names = await campaigns.languageNames();
      return { status: true as const, user: presentUser(user), campaigns: open.map((c) => presentCampaignSummary(c, user, names)) };
    },
  );

  app.get('/me', { schema: { tags: ['auth'], response: { 200: meResponseSchema } } }, async (request) => {
    const { user, session } = await requireAuth(request);
    return { status: true as const, user: { ...presentUser(user), viaSso: session.viaSso } };
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
