import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import {
  personalReportResponseSchema,
  reportCampaignParamsSchema,
  reportConfigResponseSchema,
  reportParamsSchema,
  reportHasContent,
} from '@prova/contract/reports';
import { reportSettings } from '../../../domain/report-download';
import { HttpError } from '../../../http/http-error';
import { requireAuth } from '../../../plugins/session';
import { requireReportSubject } from '../../../policies/report-access';
import { buildPersonalReport, reportDownloadAllowedFor } from '../../../services/reports/personal-report';
import { sendDownload } from '../../../http/send-file';
import { reportPdf } from '../../../services/reports/report-pdf';

// Not yet (the download rules, nothing to show): a 409, which no client takes for an ended session as it would a 403.
const notAvailable = () => new HttpError(409, 'REPORT_NOT_AVAILABLE', 'The report is not available yet');
const errors = { 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

export default async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  app.get(
    '/:campaignId/config',
    { schema: { tags: ['reports'], params: reportCampaignParamsSchema, response: { 200: reportConfigResponseSchema, ...errors } } },
    async (request) => {
      const { user } = await requireAuth(request);
      const context = await requireReportSubject(request, request.params.campaignId, user.id);
      const settings = reportSettings(context.participation.report);
      return {
        status: true as const,
        report: { individualConf: { individual: { canAssessedDownload: settings.canAssessedDownload } } },
        downloadAllowed: await reportDownloadAllowedFor(repos, context),
      };
    },
  );

  app.get(
    '/:campaignId/individual/personal/:userId',
    { schema: { tags: ['reports'], params: reportParamsSchema, response: { 200: personalReportResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireReportSubject(request, request.params.campaignId, request.params.userId);
      const view = await buildPersonalReport(repos, context);
      if (!view.downloadAllowed) throw notAvailable();
      const { rep, results360, person, campaign } = view;
      return { status: true as const, result: { rep, results360, person, campaign } };
    },
  );

  app.get(
    '/:campaignId/individual/hr/:userId/download',
    { schema: { tags: ['reports'], params: reportParamsSchema, response: errors } },
    async (request, reply) => {
      const context = await requireReportSubject(request, request.params.campaignId, request.params.userId);
      const view = await buildPersonalReport(repos, context);
      if (!view.downloadAllowed || !reportHasContent(view)) throw notAvailable();
      const pdf = await reportPdf(view);
      return sendDownload(reply, pdf.body, 'application/pdf', pdf.filename);
    },
  );
}
