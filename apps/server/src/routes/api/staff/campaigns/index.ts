import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import {
  reopenAssessmentsRequestSchema,
  reopenAssessmentsResponseSchema,
  staffCampaignListResponseSchema,
  staffCampaignParamsSchema,
  staffCampaignResponseSchema,
} from '@prova/contract/staff-campaigns';
import { HttpError } from '../../../../http/http-error';
import { requireCampaignAdmin, requireStaff, requireStaffCampaign } from '../../../../policies/staff-access';
import { listStaffCampaigns, staffCampaign } from '../../../../services/staff/campaign-progress';
import { staffLang } from '../staff-lang';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The company's campaigns with their counts, one campaign with its tests, and reopening a closed one's assessments. */
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

  // Once staff closed a campaign (COMPLETED) or published its reports (REPORT), its assessors' ratings and notes are
  // locked; its admin may take them again for a while (a correction), which the audit trail keeps with the reason.
  app.post(
    '/:campaignId/assessments/reopen',
    {
      schema: {
        tags: ['staff'],
        params: staffCampaignParamsSchema,
        body: reopenAssessmentsRequestSchema,
        response: { 200: reopenAssessmentsResponseSchema, ...errors, 409: apiErrorSchema, 422: apiErrorSchema },
      },
    },
    async (request) => {
      const { campaignId } = request.params;
      const context = await requireCampaignAdmin(request, campaignId);
      // An active campaign locks nothing yet; one past its end is no longer read by its people: staff close it first.
      if (context.campaign.status === 'ACTIVE')
        throw new HttpError(409, 'CONFLICT', 'Only a closed campaign (COMPLETED or REPORT) has its ratings locked');
      const { hours, reason } = request.body;
      const until = new Date(Date.now() + hours * 3_600_000).toISOString();
      await repos.staff.campaigns.reopenAssessments(campaignId, until);
      request.audit({
        event: 'staff-assessments-reopened',
        userId: context.user.id,
        target: `campaigns/${campaignId}`,
        detail: `until ${until} (${hours} h)${reason ? `: ${reason}` : ''}`,
      });
      return { status: true as const, assessmentsOpenUntil: until };
    },
  );
}
