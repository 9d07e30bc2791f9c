import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@prova/contract/common';
import { apiErrorSchema } from '@prova/contract/errors';
import { companyScopeQuerySchema, deleteResponseSchema, selectionRequestSchema } from '@prova/contract/staff';
import { companyListResponseSchema, companyResponseSchema, companyWriteSchema } from '@prova/contract/staff-companies';
import { forbidden, HttpError, notFound } from '../../../http/http-error';
import { requireOwnCompany, requireStaff } from '../../../policies/staff-access';
import { presentCompany } from '../../../presenters/present-staff';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/**
 * Companies (spec 7, the generic resource calls). Staff see and change their own company; companies
 * are created by the platform's operator (`npm run import`), and a company with people cannot go.
 */
export default async function companiesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { staff } = app.repos;

  async function ownCompany(companyId: number) {
    const company = await staff.companies.find(companyId);
    if (!company) throw notFound('Company');
    return company;
  }

  app.get(
    '/',
    { schema: { tags: ['staff'], querystring: companyScopeQuerySchema, response: { 200: companyListResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const companyId = requireOwnCompany(context, request.query.companyId);
      return { status: true as const, companies: [presentCompany(await ownCompany(companyId))] };
    },
  );

  app.get(
    '/:id',
    { schema: { tags: ['staff'], params: idParamsSchema, response: { 200: companyResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      requireOwnCompany(context, request.params.id);
      return { status: true as const, company: presentCompany(await ownCompany(context.companyId)) };
    },
  );

  app.post(
    '/',
    { schema: { tags: ['staff'], body: companyWriteSchema, response: { 200: companyResponseSchema, ...errors } } },
    async (request) => {
      await requireStaff(request);
      throw forbidden('Companies are created by the platform operator (npm run import)');
    },
  );

  app.put(
    '/:id',
    { schema: { tags: ['staff'], params: idParamsSchema, body: companyWriteSchema, response: { 200: companyResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      requireOwnCompany(context, request.params.id);
      const { name, logo, timeZone, erasureKeepsResults, retentionMonths } = request.body;
      if (await staff.companies.nameTaken(name, context.companyId)) {
        throw new HttpError(409, 'CONFLICT', `Another company is called "${name}"`);
      }
      await staff.companies.update(context.companyId, {
        name,
        ...(logo === undefined ? {} : { logo }),
        ...(erasureKeepsResults === undefined ? {} : { erasure_keeps_results: erasureKeepsResults ? 1 : 0 }),
        ...(retentionMonths === undefined ? {} : { retention_months: retentionMonths }),
        ...(timeZone === undefined ? {} : { time_zone: timeZone }),
      });
      request.audit({ event: 'staff-updated', userId: context.user.id, target: `companies/${context.companyId}` });
      return { status: true as const, company: presentCompany(await ownCompany(context.companyId)) };
    },
  );

  // A company always has people (the caller among them): deleting it would take their results.
  const refuseDelete = async (ids: number[], request: Parameters<typeof requireStaff>[0]) => {
    const context = await requireStaff(request);
    for (const id of ids) requireOwnCompany(context, id);
    throw new HttpError(409, 'IN_USE', 'The company has people and campaigns: it cannot be deleted');
  };

  app.delete(
    '/selection',
    { schema: { tags: ['staff'], body: selectionRequestSchema, response: { 200: deleteResponseSchema, ...errors } } },
    async (request) => refuseDelete(request.body.ids, request),
  );

  app.delete(
    '/:id',
    { schema: { tags: ['staff'], params: idParamsSchema, response: { 200: deleteResponseSchema, ...errors } } },
    async (request) => refuseDelete([request.params.id], request),
  );
}
