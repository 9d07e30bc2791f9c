import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import {
  reportListQuerySchema,
  reportListResponseSchema,
  reportRunParamsSchema,
  type ReportDocument,
  reportHasContent,
} from '@prova/contract/reports';
import { reportSettings } from '../../../domain/report-download';
import { HttpError, notFound } from '../../../http/http-error';
import { requireAuth } from '../../../plugins/session';
import { requireCampaignReader, requireReportSubject, type ReportViewer } from '../../../policies/report-access';
import { pickLang } from '../../../presenters/localize';
import { contentLang } from '../../../domain/content-language';
import { buildPersonalReport } from '../../../services/reports/personal-report';
import { sendDownload } from '../../../http/send-file';
import { reportPdf } from '../../../services/reports/report-pdf';

/** The only kind of document the platform produces today: the person's individual report. */
const PRODUCED_KINDS = new Set(['individual']);
const errors = { 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** The documents a viewer is offered: the assessed never see those kept for assessors. */
function documentsFor(viewer: ReportViewer, stored: string | null, lang: string): ReportDocument[] {
  return reportSettings(stored)
    .documents.filter((d) => PRODUCED_KINDS.has(d.kind ?? 'individual') && (viewer !== 'self' || !d.visibleToAssessorsOnly))
    .map((d) => ({
      id: d.id,
      name: d.name === undefined ? '' : pickLang(d.name, lang),
      kind: d.kind ?? 'individual',
      visibleToAssessorsOnly: d.visibleToAssessorsOnly,
    }));
}

export default async function reportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  app.get(
    '/',
    { schema: { tags: ['reports'], querystring: reportListQuerySchema, response: { 200: reportListResponseSchema, ...errors } } },
    async (request) => {
      const reader = await requireCampaignReader(request, request.query.campaignId);
      const { campaign, viewer, user } = reader;
      if (viewer !== 'self') return { status: true as const, reports: documentsFor(viewer, campaign.report, reader.lang) };
      // The assessed are offered a document once they may download it and it has something to show.
      const view = await buildPersonalReport(repos, await requireReportSubject(request, campaign.id, user.id));
      const offered = view.downloadAllowed && reportHasContent(view);
      return { status: true as const, reports: offered ? documentsFor(viewer, campaign.report, reader.lang) : [] };
    },
  );

  for (const path of ['/:reportId/run/:campaignId', '/:reportId/run/:campaignId/:userId']) {
    app.get(path, { schema: { tags: ['reports'], params: reportRunParamsSchema, response: errors } }, async (request, reply) => {
      const { reportId, campaignId } = request.params;
      const userId = request.params.userId ?? (await requireAuth(request)).user.id;
      const context = await requireReportSubject(request, campaignId, userId);
      const lang = contentLang(context.participation, context.subject);
      const document = documentsFor(context.viewer, context.participation.report, lang).find((d) => d.id === reportId);
      if (!document) throw notFound('Report document');
      const view = await buildPersonalReport(repos, context);
      if (!view.downloadAllowed || !reportHasContent(view))
        throw new HttpError(409, 'REPORT_NOT_AVAILABLE', 'The report is not available yet');
      const pdf = await reportPdf(view, document.name);
      return sendDownload(reply, pdf.body, 'application/pdf', pdf.filename);
    });
  }
}
