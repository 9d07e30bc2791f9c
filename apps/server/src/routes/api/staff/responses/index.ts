import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { staffResponsesParamsSchema, staffResponsesSchema } from '@prova/contract/staff-responses';
import { requireStaffCampaign } from '../../../../policies/staff-access';
import { qtiResponses } from '../../../../services/staff/qti-responses';
import { staffLang } from '../staff-lang';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** A candidate's responses in a QTI package test, item by item with the key, for the staff of the campaign's company. */
export default async function responsesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:campaignId/participants/:userId/tests/:testId/responses',
    { schema: { tags: ['staff'], params: staffResponsesParamsSchema, response: { 200: staffResponsesSchema, ...errors } } },
    async (request) => {
      const { campaignId, userId, testId } = request.params;
      const context = await requireStaffCampaign(request, campaignId);
      return qtiResponses(app.repos, {
        companyId: context.companyId,
        campaign: context.campaign,
        userId,
        testId,
        lang: staffLang(context),
      });
    },
  );
}
