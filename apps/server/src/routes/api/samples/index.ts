import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@prova/contract/common';
import { apiErrorSchema } from '@prova/contract/errors';
import { deleteResponseSchema, selectionRequestSchema } from '@prova/contract/staff';
import { sampleListResponseSchema, sampleQuerySchema, sampleResponseSchema, sampleWriteSchema } from '@prova/contract/staff-samples';
import { requireOwnCompany, requireStaff, type StaffContext } from '../../../policies/staff-access';
import { presentSample } from '../../../presenters/present-staff';
import { createSample, deleteSamples, findSample, updateSample } from '../../../services/staff/samples';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** Staff read test names in their own language. */
const langOf = (context: StaffContext) => context.user.lang ?? 'IT_it';

/** Samples (spec 7): who assesses whom in which test, in the company's campaigns (services/staff/samples.ts). */
export default async function samplesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = app.repos;

  app.get(
    '/',
    { schema: { tags: ['staff'], querystring: sampleQuerySchema, response: { 200: sampleListResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const { companyId, ...filter } = request.query;
      const rows = await repos.staff.samples.list(requireOwnCompany(context, companyId), filter);
      return { status: true as const, samples: rows.map((row) => presentSample(row, langOf(context))) };
    },
  );

  app.get(
    '/:id',
    { schema: { tags: ['staff'], params: idParamsSchema, response: { 200: sampleResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      return { status: true as const, sample: await findSample(repos, context.companyId, request.params.id, langOf(context)) };
    },
  );

  app.post(
    '/',
    { schema: { tags: ['staff'], body: sampleWriteSchema, response: { 200: sampleResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const sample = await createSample(repos, context.companyId, request.body, langOf(context));
      request.audit({ event: 'staff-created', userId: context.user.id, target: `samples/${sample.id}` });
      return { status: true as const, sample };
    },
  );

  app.put(
    '/:id',
    { schema: { tags: ['staff'], params: idParamsSchema, body: sampleWriteSchema, response: { 200: sampleResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const sample = await updateSample(repos, context.companyId, request.params.id, request.body, langOf(context));
      request.audit({ event: 'staff-updated', userId: context.user.id, target: `samples/${sample.id}` });
      return { status: true as const, sample };
    },
  );

  app.delete(
    '/selection',
    { schema: { tags: ['staff'], body: selectionRequestSchema, response: { 200: deleteResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const deleted = await deleteSamples(repos, context.companyId, request.body.ids);
      request.audit({ event: 'staff-deleted', userId: context.user.id, target: `samples/${deleted.join(',')}` });
      return { status: true as const, deleted };
    },
  );

  app.delete(
    '/:id',
    { schema: { tags: ['staff'], params: idParamsSchema, response: { 200: deleteResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const deleted = await deleteSamples(repos, context.companyId, [request.params.id]);
      request.audit({ event: 'staff-deleted', userId: context.user.id, target: `samples/${request.params.id}` });
      return { status: true as const, deleted };
    },
  );
}
