import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { reportListQuerySchema, reportListResponseSchema, reportRunParamsSchema } from '@prova/contract/reports';
import { contentLang } from '../../../domain/content-language';
import { notFound } from '../../../http/http-error';
import { sendDownload } from '../../../http/send-file';
import { requireAuth } from '../../../plugins/session';
import { requireCampaignReader, requireReportSubject } from '../../../policies/report-access';
import { buildPersonalReport } from '../../../services/reports/personal-report';
import { reportAvailable, reportDocumentsFor } from '../../../services/reports/report-page';
import { reportPdf } from '../../../services/reports/report-pdf';
import { recordReportView } from '../../../services/reports/report-views';
import { reportNotAvailable } from './not-available';

// /api/reports: the campaign's documents (the report as a named PDF). The report page itself is ./index.ts.

const errors = { 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

export default async function reportDocumentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  app.get(
    '/',
    { schema: { tags: ['reports'], querystring: reportListQuerySchema, response: { 200: reportListResponseSchema, ...errors } } },
    async (request) => {
      const reader = await requireCampaignReader(request, request.query.campaignId);
      const { campaign, viewer, user } = reader;
      if (viewer !== 'self') return { status: true as const, reports: reportDocumentsFor(viewer, campaign.report, reader.lang) };
      // The assessed are offered a document once they may download it and it has something to show.
      const view = await buildPersonalReport(repos, await requireReportSubject(request, campaign.id, user.id));
      return { status: true as const, reports: reportAvailable(view) ? reportDocumentsFor(viewer, campaign.report, reader.lang) : [] };
    },
  );

  for (const path of ['/:reportId/run/:campaignId', '/:reportId/run/:campaignId/:userId']) {
    app.get(path, { schema: { tags: ['reports'], params: reportRunParamsSchema, response: errors } }, async (request, reply) => {
      const { reportId, campaignId } = request.params;
      const userId = request.params.userId ?? (await requireAuth(request)).user.id;
      const context = await requireReportSubject(request, campaignId, userId);
      const lang = contentLang(context.participation, context.subject);
      const document = reportDocumentsFor(context.viewer, context.participation.report, lang).find((d) => d.id === reportId);
      if (!document) throw notFound('Report document');
      const view = await buildPersonalReport(repos, context);
      if (!reportAvailable(view)) throw reportNotAvailable();
      const pdf = await reportPdf(view, document.name);
      await recordReportView(repos, context, 'downloaded');
      return sendDownload(reply, pdf.body, 'application/pdf', pdf.filename);
    });
  }
}
