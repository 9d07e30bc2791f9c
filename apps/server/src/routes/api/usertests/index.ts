import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@prova/contract/common';
import { apiErrorSchema } from '@prova/contract/errors';
import { companyScopeQuerySchema, deleteResponseSchema, selectionRequestSchema } from '@prova/contract/staff';
import { managedTestListResponseSchema, managedTestResponseSchema, testWriteSchema } from '@prova/contract/staff-tests';
import { userTestListResponseSchema, userTestResponseSchema, userTestsQuerySchema } from '@prova/contract/tests';
import { forbidden, notFound } from '../../../http/http-error';
import { requireConsentedCampaign } from '../../../policies/campaign-access';
import { requireOwnCompany, requireStaff } from '../../../policies/staff-access';
import { isStaff } from '../../../domain/roles';
import { listUserTests } from '../../../services/user-tests';
import {
  createManagedTest,
  deleteManagedTests,
  findManagedTest,
  listManagedTests,
  updateManagedTest,
} from '../../../services/staff/managed-tests';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

/**
 * The generic resource `tests` (endpoint usertests). Without `companyId`, and for anyone who is not
 * staff, the tests of the caller's selected campaign, as candidates and assessors see them. Staff
 * asking with `?companyId=` (their company) get the tests they manage; creating, changing and
 * deleting tests is for staff only (services/staff/managed-tests.ts).
 */
export default async function userTestsRoutes(fastify: FastifyInstance, opts: { activitiesUrl: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repos = fastify.repos;

  /** A staff member asking for the managed view: their company, or 404 for another one. */
  async function managedScope(request: FastifyRequest, companyId: number | undefined): Promise<number | null> {
    if (companyId === undefined) return null;
    const auth = await request.loadAuth();
    if (!auth || !isStaff(auth.user.role)) return null;
    return requireOwnCompany(await requireStaff(request), companyId);
  }

  app.get(
    '/',
    {
      schema: {
        tags: ['tests'],
        querystring: userTestsQuerySchema,
        response: { 200: z.union([userTestListResponseSchema, managedTestListResponseSchema]), ...errors },
      },
    },
    async (request) => {
      const { companyId } = request.query;
      const managed = await managedScope(request, companyId);
      if (managed !== null) return { status: true as const, tests: await listManagedTests(repos, managed) };
      const context = await requireConsentedCampaign(request);
      if (companyId !== undefined && companyId !== context.user.company_id) throw forbidden('Not your company');
      return { status: true as const, tests: await listUserTests(repos, context, opts.activitiesUrl) };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['tests'],
        params: idParamsSchema,
        querystring: companyScopeQuerySchema,
        response: { 200: z.union([userTestResponseSchema, managedTestResponseSchema]), ...errors },
      },
    },
    async (request) => {
      const managed = await managedScope(request, request.query.companyId);
      if (managed !== null) return { status: true as const, test: await findManagedTest(repos, managed, request.params.id) };
      const context = await requireConsentedCampaign(request);
      const test = (await listUserTests(repos, context, opts.activitiesUrl)).find((t) => t.id === request.params.id);
      if (!test) throw notFound('Test');
      return { status: true as const, test };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['staff'],
        querystring: companyScopeQuerySchema,
        body: testWriteSchema,
        response: { 200: managedTestResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = await requireStaff(request);
      const companyId = requireOwnCompany(context, request.query.companyId);
      const test = await createManagedTest(repos, companyId, request.body, fastify.activityOrigins);
      request.audit({ event: 'staff-created', userId: context.user.id, target: `usertests/${test.id}` });
      return { status: true as const, test };
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['staff'],
        params: idParamsSchema,
        querystring: companyScopeQuerySchema,
        body: testWriteSchema,
        response: { 200: managedTestResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = await requireStaff(request);
      const companyId = requireOwnCompany(context, request.query.companyId);
      const test = await updateManagedTest(repos, companyId, request.params.id, request.body, fastify.activityOrigins);
      request.audit({ event: 'staff-updated', userId: context.user.id, target: `usertests/${test.id}` });
      return { status: true as const, test };
    },
  );

  app.delete(
    '/selection',
    {
      schema: {
        tags: ['staff'],
        querystring: companyScopeQuerySchema,
        body: selectionRequestSchema,
        response: { 200: deleteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = await requireStaff(request);
      const companyId = requireOwnCompany(context, request.query.companyId);
      const deleted = await deleteManagedTests(repos, companyId, request.body.ids);
      request.audit({ event: 'staff-deleted', userId: context.user.id, target: `usertests/${deleted.join(',')}` });
      return { status: true as const, deleted };
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['staff'],
        params: idParamsSchema,
        querystring: companyScopeQuerySchema,
        response: { 200: deleteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = await requireStaff(request);
      const companyId = requireOwnCompany(context, request.query.companyId);
      const deleted = await deleteManagedTests(repos, companyId, [request.params.id]);
      request.audit({ event: 'staff-deleted', userId: context.user.id, target: `usertests/${request.params.id}` });
      return { status: true as const, deleted };
    },
  );
}
