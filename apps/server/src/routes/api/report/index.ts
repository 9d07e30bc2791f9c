import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import {
  personalReportResponseSchema,
  reportCampaignParamsSchema,
  reportConfigResponseSchema,
  reportPageResponseSchema,
  reportParamsSchema,
} from '@prova/contract/reports';
import { requireAuth } from '../../../plugins/session';
import { requireReportSubject } from '../../../policies/report-access';
import { buildPersonalReport, reportDownloadAllowedFor } from '../../../services/reports/personal-report';
import { sendDownload } from '../../../http/send-file';
import { reportAvailable, reportPageOf } from '../../../services/reports/report-page';
import { reportPdf } from '../../../services/reports/report-pdf';
import { recordReportView } from '../../../services/reports/report-views';
import { reportNotAvailable } from './not-available';

// /api/report: the spec's report calls, and the one the report page makes. The campaign's documents are ./documents.ts.
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
      const settings = context.participation.report;
      return {
        status: true as const,
        report: { individualConf: { individual: { canAssessedDownload: settings.canAssessedDownload } } },
        downloadAllowed: await reportDownloadAllowedFor(repos, context),
      };
    },
  );

  app.get(
    '/:campaignId/page',
    { schema: { tags: ['reports'], params: reportCampaignParamsSchema, response: { 200: reportPageResponseSchema, ...errors } } },
    async (request) => {
      const { user } = await requireAuth(request);
      return {
        status: true as const,
        page: await reportPageOf(repos, await requireReportSubject(request, request.params.campaignId, user.id)),
      };
    },
  );

  app.get(
    '/:campaignId/individual/personal/:userId',
    { schema: { tags: ['reports'], params: reportParamsSchema, response: { 200: personalReportResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireReportSubject(request, request.params.campaignId, request.params.userId);
      const view = await buildPersonalReport(repos, context);
      if (!view.downloadAllowed) throw reportNotAvailable();
      await recordReportView(repos, context, 'opened');
      const { rep, results360, norms, person, campaign } = view;
      return { status: true as const, result: { rep, results360, norms, person, campaign } };
    },
  );

  app.get(
    '/:campaignId/individual/hr/:userId/download',
    { schema: { tags: ['reports'], params: reportParamsSchema, response: errors } },
    async (request, reply) => {
      const context = await requireReportSubject(request, request.params.campaignId, request.params.userId);
      const view = await buildPersonalReport(repos, context);
      if (!reportAvailable(view)) throw reportNotAvailable();
      const pdf = await reportPdf(view);
      await recordReportView(repos, context, 'downloaded');
      return sendDownload(reply, pdf.body, 'application/pdf', pdf.filename);
    },
  );
}
