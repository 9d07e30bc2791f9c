import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { DEFAULT_TIME_ZONE } from '@prova/contract/staff-companies';
import { auditCsvQuerySchema, auditListResponseSchema, auditQuerySchema } from '@prova/contract/staff-audit';
import { sendDownload } from '../../../../http/send-file';
import { requireOperator, requireStaff } from '../../../../policies/staff-access';
import { auditTrailTable, listAuditTrail, type TrailFilter } from '../../../../services/staff/audit-trail';
import { exportTextsFor } from '../../../../services/staff/exports/export-texts';
import { writeCsv } from '../../../../services/staff/exports/write-csv';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

interface FilterQuery {
  from?: string;
  to?: string;
  event?: string;
  actorId?: number;
  target?: string;
  scope: 'company' | 'all';
}

/** Whose entries the caller reads: their company's; every company's for the operator asking for them (403 otherwise). */
async function trailFilter(request: FastifyRequest, query: FilterQuery): Promise<{ filter: TrailFilter; userId: number }> {
  const context = query.scope === 'all' ? await requireOperator(request) : await requireStaff(request);
  const { scope, ...rest } = query;
  return { filter: { ...rest, companyId: scope === 'all' ? null : context.companyId }, userId: context.user.id };
}

/** The audit trail: who did what and when, filtered and paged, or as CSV. */
export default async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/audit',
    { schema: { tags: ['staff'], querystring: auditQuerySchema, response: { 200: auditListResponseSchema, ...errors } } },
    async (request) => {
      const { page, pageSize, ...query } = request.query;
      const { filter } = await trailFilter(request, query);
      return listAuditTrail(app.repos, filter, { page, pageSize });
    },
  );

  app.get('/audit.csv', { schema: { tags: ['staff'], querystring: auditCsvQuerySchema, response: errors } }, async (request, reply) => {
    const { filter, userId } = await trailFilter(request, request.query);
    // Machine-read like the item analysis: event names and UTC instants as stored, comma separated.
    const csv = writeCsv(await auditTrailTable(app.repos, filter), exportTextsFor('EN_en'), DEFAULT_TIME_ZONE);
    request.audit({
      event: 'staff-file-downloaded',
      userId,
      target: 'audit.csv',
      detail: request.query.scope === 'all' ? 'every company' : undefined,
    });
    return sendDownload(reply, csv, 'text/csv; charset=utf-8', 'audit-trail.csv');
  });
}
