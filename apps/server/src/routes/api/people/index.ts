import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@prova/contract/common';
import { apiErrorSchema } from '@prova/contract/errors';
import { deleteResponseSchema, selectionRequestSchema } from '@prova/contract/staff';
import {
  personCreateSchema,
  personListResponseSchema,
  personQuerySchema,
  personResponseSchema,
  personUpdateSchema,
} from '@prova/contract/staff-people';
import { personalDataFileName } from '@prova/contract/personal-data';
import { sendDownload } from '../../../http/send-file';
import { requireOwnCompany, requireStaff } from '../../../policies/staff-access';
import { personalDataOf } from '../../../services/personal-data/personal-data';
import { personalDataZip } from '../../../services/personal-data/personal-data-zip';
import { presentPerson } from '../../../presenters/present-staff';
import { createPerson, deactivatePeople, findPerson, updatePerson } from '../../../services/staff/people';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** People: the company's users, for its staff. DELETE deactivates (services/staff/people.ts). */
export default async function peopleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = app.repos;

  app.get(
    '/',
    { schema: { tags: ['staff'], querystring: personQuerySchema, response: { 200: personListResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const { companyId, ...filter } = request.query;
      const scope = requireOwnCompany(context, companyId);
      const { rows, total } = await repos.staff.people.list(scope, filter);
      const campaigns = await repos.staff.people.campaignsOf(
        scope,
        rows.map((r) => r.id),
      );
      return {
        status: true as const,
        people: rows.map((row) => presentPerson(row, campaigns.get(row.id) ?? [])),
        total,
        page: filter.page,
        pageSize: filter.pageSize,
      };
    },
  );

  app.get(
    '/:id',
    { schema: { tags: ['staff'], params: idParamsSchema, response: { 200: personResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      return { status: true as const, person: await findPerson(repos, context.companyId, request.params.id) };
    },
  );

  // The person's data export (issue 52), produced by staff at the person's request: their own company's people only.
  app.get('/:id/data-export', { schema: { tags: ['staff'], params: idParamsSchema, response: errors } }, async (request, reply) => {
    const context = await requireStaff(request);
    await findPerson(repos, context.companyId, request.params.id);
    const zip = await personalDataZip(await personalDataOf(repos, context, request.params.id));
    request.audit({
      event: 'staff-personal-data-exported',
      userId: context.user.id,
      target: `people/${request.params.id}`,
      subjectUserId: request.params.id,
    });
    return sendDownload(reply, zip, 'application/zip', personalDataFileName(request.params.id));
  });

  app.post(
    '/',
    { schema: { tags: ['staff'], body: personCreateSchema, response: { 200: personResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const person = await createPerson(repos, context.companyId, request.body);
      request.audit({ event: 'staff-created', userId: context.user.id, target: `people/${person.id}` });
      return { status: true as const, person };
    },
  );

  app.put(
    '/:id',
    { schema: { tags: ['staff'], params: idParamsSchema, body: personUpdateSchema, response: { 200: personResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const person = await updatePerson(repos, context.companyId, context.user.id, request.params.id, request.body);
      request.audit({ event: 'staff-updated', userId: context.user.id, target: `people/${person.id}` });
      return { status: true as const, person };
    },
  );

  app.delete(
    '/selection',
    { schema: { tags: ['staff'], body: selectionRequestSchema, response: { 200: deleteResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const deleted = await deactivatePeople(repos, context.companyId, context.user.id, request.body.ids);
      request.audit({ event: 'staff-deleted', userId: context.user.id, target: `people/${deleted.join(',')}`, detail: 'deactivated' });
      return { status: true as const, deleted };
    },
  );

  app.delete(
    '/:id',
    { schema: { tags: ['staff'], params: idParamsSchema, response: { 200: deleteResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const deleted = await deactivatePeople(repos, context.companyId, context.user.id, [request.params.id]);
      request.audit({ event: 'staff-deleted', userId: context.user.id, target: `people/${request.params.id}`, detail: 'deactivated' });
      return { status: true as const, deleted };
    },
  );
}
