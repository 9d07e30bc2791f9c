import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statusOk } from '@prova/contract/common';
import { apiErrorSchema } from '@prova/contract/errors';
import { outcomesParamsSchema, outcomesRequestSchema } from '@prova/contract/tests';
import { requireCampaignTest, requireSubject } from '../../../policies/test-access';
import { testDeliveryRepos } from '../../../repositories/test-delivery';
import { scoreProgress } from '../../../services/scoring/score-progress';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** Outcomes an activity tracked. They count as completion; a test's own scoring still decides its score. */
export default async function outcomesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = testDeliveryRepos(fastify);

  app.post(
    '/:campaignId/:testId/:userId',
    { schema: { tags: ['tests'], params: outcomesParamsSchema, body: outcomesRequestSchema, response: { 200: statusOk, ...errors } } },
    async (request) => {
      const { campaignId, testId, userId } = request.params;
      const context = await requireCampaignTest(request, repos, campaignId, testId);
      await requireSubject(context, repos, userId);
      // Kept as the client's, beside (never instead of) the server's scoring for tests with an algorithm.
      await repos.outcomes.merge({ campaignId, testId, userId, source: 'client' }, request.body.values);
      const completed = await repos.progress.markComplete(campaignId, testId, userId);
      if (completed && context.test.has_algorithm === 1) await scoreProgress({ ...repos, log: request.log }, campaignId, testId, userId);
      return { status: true as const };
    },
  );
}
