import { exportTextsFor } from '../../../../services/staff/exports/export-texts';
import { DEFAULT_TIME_ZONE } from '@prova/contract/staff-companies';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import {
  agreementParamsSchema,
  agreementSchema,
  itemAnalysisParamsSchema,
  itemAnalysisQuerySchema,
  itemAnalysisSchema,
} from '@prova/contract/item-analysis';
import { sendDownload } from '../../../../http/send-file';
import { requireStaff, requireStaffCampaign } from '../../../../policies/staff-access';
import { writeCsv } from '../../../../services/staff/exports/write-csv';
import { itemAnalysis, itemAnalysisTable } from '../../../../services/staff/item-analysis';
import { campaignRaterAgreement } from '../../../../services/staff/rater-agreement';
import { staffLang } from '../staff-lang';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * A QTI package test's item analysis over the completed attempts of the company's campaigns (JSON, or CSV one row
 * per item), and a 360 campaign's rater agreement: staff of the company only, and no person in either.
 */
export default async function analysisRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/tests/:testId/analysis',
    {
      schema: {
        tags: ['staff'],
        params: itemAnalysisParamsSchema,
        querystring: itemAnalysisQuerySchema,
        response: { 200: itemAnalysisSchema, ...errors },
      },
    },
    async (request) => {
      const context = await requireStaff(request);
      return itemAnalysis(app.repos, { companyId: context.companyId, testId: request.params.testId, campaignIds: request.query.campaigns });
    },
  );

  app.get(
    '/tests/:testId/analysis.csv',
    {
      schema: {
        tags: ['staff'],
        params: itemAnalysisParamsSchema,
        querystring: itemAnalysisQuerySchema,
        response: { ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const context = await requireStaff(request);
      const analysis = await itemAnalysis(app.repos, {
        companyId: context.companyId,
        testId: request.params.testId,
        campaignIds: request.query.campaigns,
      });
      // Its columns are the measures' own names (p, r, alpha): written with the decimal point they are read with.
      const csv = writeCsv(itemAnalysisTable(analysis), exportTextsFor('EN_en'), DEFAULT_TIME_ZONE);
      request.audit({ event: 'staff-file-downloaded', userId: context.user.id, target: `tests/${analysis.test.id}/analysis.csv` });
      return sendDownload(reply, csv, 'text/csv; charset=utf-8', `item-analysis-${analysis.test.id}.csv`);
    },
  );

  app.get(
    '/campaigns/:campaignId/agreement',
    { schema: { tags: ['staff'], params: agreementParamsSchema, response: { 200: agreementSchema, ...errors } } },
    async (request) => {
      const context = await requireStaffCampaign(request, request.params.campaignId);
      return campaignRaterAgreement(app.repos, context.campaign, staffLang(context));
    },
  );
}
