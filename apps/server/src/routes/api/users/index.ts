import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { campaignTestParamsSchema, samplesResponseSchema } from '@prova/contract/tests';
import { requireAssessor, requireCampaignTest } from '../../../policies/test-access';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = fastify.repos;

  // Assessor: the people they evaluate in this test (the 'samples').
  app.get(
    '/assessed/:campaignId/:testId',
    { schema: { tags: ['tests'], params: campaignTestParamsSchema, response: { 200: samplesResponseSchema, ...errors } } },
    async (request) => {
      const { campaignId, testId } = request.params;
      const context = await requireCampaignTest(request, repos, campaignId, testId);
      requireAssessor(context);
      const people = await repos.tests.listAssessed(campaignId, context.user.id, testId);
      return { status: true as const, samples: people.map((p) => ({ id: p.id, firstName: p.first_name, lastName: p.last_name })) };
    },
  );
}
