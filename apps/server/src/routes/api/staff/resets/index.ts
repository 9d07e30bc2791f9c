import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { resetParamsSchema, resetRequestSchema, resetResponseSchema } from '@prova/contract/staff-participants';
import { requireStaffCampaign } from '../../../../policies/staff-access';
import { resetTest } from '../../../../services/staff/reset-test';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** A participant takes a test again; the attempt is kept in the history. */
export default async function resetsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = app.repos;

  app.post(
    '/:campaignId/participants/:userId/tests/:testId/reset',
    { schema: { tags: ['staff'], params: resetParamsSchema, body: resetRequestSchema, response: { 200: resetResponseSchema, ...errors } } },
    async (request) => {
      const { campaignId, userId, testId } = request.params;
      const context = await requireStaffCampaign(request, campaignId);
      const result = await resetTest(repos, {
        companyId: context.companyId,
        campaign: context.campaign,
        userId,
        testId,
        by: context.user.id,
        reason: request.body.reason,
      });
      request.audit({
        event: 'staff-test-reset',
        userId: context.user.id,
        target: `campaigns/${campaignId}/participants/${userId}/tests/${testId}`,
        subjectUserId: userId,
        detail: `${result.archived.attempts} attempt and ${result.archived.outcomes} outcome lists kept in the history${request.body.reason ? `: ${request.body.reason}` : ''}`,
      });
      return { status: true as const, ...result };
    },
  );
}
