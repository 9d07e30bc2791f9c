import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@prova/contract/common';
import { apiErrorSchema } from '@prova/contract/errors';
import { companyScopeQuerySchema, deleteResponseSchema, selectionRequestSchema } from '@prova/contract/staff';
import {
  companyListResponseSchema,
  companyResponseSchema,
  companySsoResponseSchema,
  companySsoWriteSchema,
  companyStaffListResponseSchema,
  companyWriteSchema,
  ssoCheckResponseSchema,
  staffAppointmentResponseSchema,
  staffAppointmentSchema,
} from '@prova/contract/staff-companies';
import { isOperator } from '../../../domain/roles';
import { requireManagedCompany, requireOperator, requireOwnCompany, requireStaff } from '../../../policies/staff-access';
import { presentPerson } from '../../../presenters/present-staff';
import { appointStaff } from '../../../services/staff/companies/appoint-staff';
import {
  createCompany,
  deleteCompany,
  findCompany,
  findCompanySso,
  listCompanies,
  removeCompanySso,
  setCompanySso,
  testCompanySso,
  updateCompany,
} from '../../../services/staff/companies/manage-companies';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const tags = ['staff'];

/**
 * Companies (spec 7, the generic resource calls). A company's staff see and rename their own; the platform's operator
 * lists, creates, renames and deletes every company (one that holds nothing), sets up its single sign-on and appoints
 * its staff (docs/staff-api.md, "Companies").
 */
export default async function companiesRoutes(fastify: FastifyInstance, opts: { publicUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;
  const redirectUriOf = (slug: string) => `${opts.publicUrl}/api/v2/auth/sso/${encodeURIComponent(slug)}/callback`;

  app.get(
    '/',
    { schema: { tags, querystring: companyScopeQuerySchema, response: { 200: companyListResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const { companyId } = request.query;
      if (isOperator(context.user.role)) {
        const companies = companyId === undefined ? await listCompanies(repos) : [await findCompany(repos, companyId)];
        return { status: true as const, companies };
      }
      return { status: true as const, companies: [await findCompany(repos, requireOwnCompany(context, companyId))] };
    },
  );

  app.get('/:id', { schema: { tags, params: idParamsSchema, response: { 200: companyResponseSchema, ...errors } } }, async (request) => {
    const { companyId } = await requireManagedCompany(request, request.params.id);
    return { status: true as const, company: await findCompany(repos, companyId) };
  });

  app.post('/', { schema: { tags, body: companyWriteSchema, response: { 200: companyResponseSchema, ...errors } } }, async (request) => {
    const context = await requireOperator(request);
    const company = await createCompany(repos, request.body);
    request.audit({ event: 'company-created', userId: context.user.id, target: `companies/${company.id}`, companyId: company.id });
    return { status: true as const, company };
  });

  app.put(
    '/:id',
    { schema: { tags, params: idParamsSchema, body: companyWriteSchema, response: { 200: companyResponseSchema, ...errors } } },
    async (request) => {
      const { user, companyId } = await requireManagedCompany(request, request.params.id);
      const company = await updateCompany(repos, companyId, request.body);
      request.audit({ event: 'company-renamed', userId: user.id, target: `companies/${companyId}`, companyId, detail: company.name });
      return { status: true as const, company };
    },
  );

  // A company goes only while it holds nothing: a company's own staff are its people, so theirs never does.
  const remove = async (request: Parameters<typeof requireStaff>[0], ids: number[]) => {
    const contexts: Awaited<ReturnType<typeof requireManagedCompany>>[] = [];
    for (const id of [...new Set(ids)]) contexts.push(await requireManagedCompany(request, id));
    await app.withTransaction(async (trx) => {
      for (const { companyId } of contexts) await deleteCompany(trx, companyId);
    });
    for (const { user, companyId } of contexts)
      request.audit({ event: 'company-deleted', userId: user.id, target: `companies/${companyId}`, companyId });
    return { status: true as const, deleted: contexts.map((c) => c.companyId) };
  };

  app.delete(
    '/selection',
    { schema: { tags, body: selectionRequestSchema, response: { 200: deleteResponseSchema, ...errors } } },
    async (request) => remove(request, request.body.ids),
  );

  app.delete('/:id', { schema: { tags, params: idParamsSchema, response: { 200: deleteResponseSchema, ...errors } } }, async (request) =>
    remove(request, [request.params.id]),
  );

  // Single sign-on and staff: the operator's only.

  app.get(
    '/:id/sso',
    { schema: { tags, params: idParamsSchema, response: { 200: companySsoResponseSchema, ...errors } } },
    async (request) => {
      await requireOperator(request);
      return { status: true as const, sso: await findCompanySso(repos, request.params.id, redirectUriOf) };
    },
  );

  app.put(
    '/:id/sso',
    { schema: { tags, params: idParamsSchema, body: companySsoWriteSchema, response: { 200: companySsoResponseSchema, ...errors } } },
    async (request) => {
      const { user } = await requireOperator(request);
      const companyId = request.params.id;
      const sso = await setCompanySso(repos, companyId, request.body, redirectUriOf);
      request.audit({ event: 'company-sso-changed', userId: user.id, target: `companies/${companyId}/sso`, companyId, detail: sso?.slug });
      return { status: true as const, sso };
    },
  );

  app.delete(
    '/:id/sso',
    { schema: { tags, params: idParamsSchema, response: { 200: companySsoResponseSchema, ...errors } } },
    async (request) => {
      const { user } = await requireOperator(request);
      const companyId = request.params.id;
      await removeCompanySso(repos, companyId);
      request.audit({ event: 'company-sso-changed', userId: user.id, target: `companies/${companyId}/sso`, companyId, detail: 'removed' });
      return { status: true as const, sso: null };
    },
  );

  app.post(
    '/:id/sso/test',
    {
      schema: { tags, params: idParamsSchema, body: companySsoWriteSchema, response: { 200: ssoCheckResponseSchema, ...errors } },
      // Each test calls out to the provider twice.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      await requireOperator(request);
      return { status: true as const, check: await testCompanySso(repos, request.params.id, request.body, redirectUriOf) };
    },
  );

  app.get(
    '/:id/staff',
    { schema: { tags, params: idParamsSchema, response: { 200: companyStaffListResponseSchema, ...errors } } },
    async (request) => {
      await requireOperator(request);
      const companyId = (await findCompany(repos, request.params.id)).id;
      const rows = await repos.staff.people.staffOf(companyId);
      const campaigns = await repos.staff.people.campaignsOf(
        companyId,
        rows.map((r) => r.id),
      );
      return { status: true as const, staff: rows.map((row) => presentPerson(row, campaigns.get(row.id) ?? [])) };
    },
  );

  app.post(
    '/:id/staff',
    {
      schema: { tags, params: idParamsSchema, body: staffAppointmentSchema, response: { 200: staffAppointmentResponseSchema, ...errors } },
      // Each appointment may mail a set-password link.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { user } = await requireOperator(request);
      const companyId = request.params.id;
      const result = await appointStaff(app, { companyId, body: request.body, publicUrl: opts.publicUrl });
      request.audit({
        event: 'company-staff-appointed',
        userId: user.id,
        target: `companies/${companyId}/people/${result.person.id}`,
        companyId,
        detail: request.body.role,
      });
      return { status: true as const, ...result };
    },
  );
}
