import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { staffCampaignParamsSchema } from '@prova/contract/staff-campaigns';
import { exportRequestSchema, jobResponseSchema } from '@prova/contract/staff-jobs';
import { requireStaffCampaign } from '../../../../policies/staff-access';
import { startExport } from '../../../../services/staff/export-jobs';
import { staffLang } from '../staff-lang';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** Exports a campaign's results as CSV or Excel: 202 with the job; its file is at /api/staff/jobs/{jobId}/file. */
export default async function exportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/:campaignId/exports',
    {
      schema: {
        tags: ['staff'],
        params: staffCampaignParamsSchema,
        body: exportRequestSchema,
        response: { 202: jobResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const context = await requireStaffCampaign(request, request.params.campaignId);
      const job = await startExport(
        app,
        { companyId: context.companyId, userId: context.user.id, lang: staffLang(context) },
        context.campaign,
        request.body.format,
      );
      request.audit({
        event: 'staff-export-started',
        userId: context.user.id,
        target: `campaigns/${context.campaign.id}`,
        detail: `${request.body.format}, job ${job.id}`,
      });
      return reply.status(202).send({ status: true as const, job });
    },
  );
}
