import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { participantParamsSchema } from '@prova/contract/staff-participants';
import { sendDownload } from '../../../../http/send-file';
import { requireStaff } from '../../../../policies/staff-access';
import { staffReportPdf } from '../../../../services/staff/staff-report';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** A participant's personal report as a PDF, for the staff of their company. */
export default async function reportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/:campaignId/participants/:userId/report.pdf',
    { schema: { tags: ['staff'], params: participantParamsSchema, response: errors } },
    async (request, reply) => {
      const { campaignId, userId } = request.params;
      const context = await requireStaff(request);
      const pdf = await staffReportPdf(app.repos, context, context.companyId, campaignId, userId);
      request.audit({
        event: 'staff-report-downloaded',
        userId: context.user.id,
        target: `campaigns/${campaignId}/participants/${userId}`,
        subjectUserId: userId,
      });
      return sendDownload(reply, pdf.body, 'application/pdf', pdf.filename);
    },
  );
}
