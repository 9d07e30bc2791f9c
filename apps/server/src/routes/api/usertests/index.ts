import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@prova/contract/common';
import { apiErrorSchema } from '@prova/contract/errors';
import { userTestListResponseSchema, userTestResponseSchema, userTestsQuerySchema } from '@prova/contract/tests';
import { forbidden, notFound } from '../../../http/http-error';
import { requireConsentedCampaign } from '../../../policies/campaign-access';
import { listUserTests } from '../../../services/user-tests';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** The tests of the caller's selected campaign (the generic resource `tests`, endpoint usertests). */
export default async function userTestsRoutes(fastify: FastifyInstance, opts: { activitiesUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = fastify.repos;

  app.get(
    '/',
    { schema: { tags: ['tests'], querystring: userTestsQuerySchema, response: { 200: userTestListResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireConsentedCampaign(request);
      const { companyId } = request.query;
      if (companyId !== undefined && companyId !== context.user.company_id) throw forbidden('Not your company');
      return { status: true as const, tests: await listUserTests(repos, context, opts.activitiesUrl) };
    },
  );

  app.get(
    '/:id',
    { schema: { tags: ['tests'], params: idParamsSchema, response: { 200: userTestResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireConsentedCampaign(request);
      const test = (await listUserTests(repos, context, opts.activitiesUrl)).find((t) => t.id === request.params.id);
      if (!test) throw notFound('Test');
      return { status: true as const, test };
    },
  );
}
