import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { staffCampaignParamsSchema } from '@prova/contract/staff-campaigns';
import { invitationRequestSchema, invitationResponseSchema } from '@prova/contract/staff-participants';
import { requireStaffCampaign } from '../../../../policies/staff-access';
import { inviteParticipants } from '../../../../services/staff/invitations/send-invitations';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** Invites a campaign's participants by mail (services/staff/invitations). */
export default async function invitationsRoutes(fastify: FastifyInstance, opts: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/:campaignId/invitations',
    {
      schema: {
        tags: ['staff'],
        params: staffCampaignParamsSchema,
        body: invitationRequestSchema,
        response: { 200: invitationResponseSchema, ...errors },
      },
      // Each mail may carry a set-password link: not something to fire in a loop.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const context = await requireStaffCampaign(request, request.params.campaignId);
      const result = await inviteParticipants(app, {
        companyId: context.companyId,
        campaign: context.campaign,
        invitedBy: context.user.id,
        userIds: request.body.userIds,
        publicUrl: opts.publicUrl,
      });
      request.audit({
        event: 'staff-invited',
        userId: context.user.id,
        target: `campaigns/${context.campaign.id}`,
        detail: `${result.invited.length} invited, ${result.skipped.length} skipped`,
      });
      return { status: true as const, ...result };
    },
  );
}
