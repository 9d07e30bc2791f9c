import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { progressQuerySchema, progressResponseSchema, staffCampaignParamsSchema } from '@prova/contract/staff-campaigns';
import { requireStaffCampaign } from '../../../../policies/staff-access';
import { liveProgress } from '../../../../services/staff/campaign-progress';
import { createReportOffers } from '../../../../services/staff/report-offers';
import { staffLang } from '../staff-lang';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** A campaign's live progress: each participant by test, filtered, searched and paged. Poll it. */
export default async function progressRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = app.repos;
  const offers = createReportOffers();

  app.get(
    '/:campaignId/progress',
    {
      schema: {
        tags: ['staff'],
        params: staffCampaignParamsSchema,
        querystring: progressQuerySchema,
        response: { 200: progressResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = await requireStaffCampaign(request, request.params.campaignId);
      return liveProgress(repos, offers, context.companyId, context.campaign, request.query, staffLang(context));
    },
  );
}
