import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { staffCampaignListResponseSchema, staffCampaignParamsSchema, staffCampaignResponseSchema } from '@prova/contract/staff-campaigns';
import { requireStaff, requireStaffCampaign } from '../../../../policies/staff-access';
import { listStaffCampaigns, staffCampaign } from '../../../../services/staff/campaign-progress';
import { staffLang } from '../staff-lang';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The company's campaigns with their counts, and one campaign with its tests. */
export default async function campaignsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = app.repos;

  app.get('/', { schema: { tags: ['staff'], response: { 200: staffCampaignListResponseSchema, ...errors } } }, async (request) => {
    const context = await requireStaff(request);
    return { status: true as const, campaigns: await listStaffCampaigns(repos, context.companyId, staffLang(context)) };
  });

  app.get(
    '/:campaignId',
    { schema: { tags: ['staff'], params: staffCampaignParamsSchema, response: { 200: staffCampaignResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaffCampaign(request, request.params.campaignId);
      return staffCampaign(repos, context.companyId, context.campaign, staffLang(context));
    },
  );
}
