import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { companyScopeQuerySchema } from '@prova/contract/staff';
import {
  authoredPreviewRequestSchema,
  authoredPreviewResponseSchema,
  authoredTestListResponseSchema,
  authoredTestParamsSchema,
  authoredTestResponseSchema,
  authoredTestWriteSchema,
} from '@prova/contract/staff-authoring';
import { sendDownload } from '../../../../http/send-file';
import { requireOwnCompany, requireStaff } from '../../../../policies/staff-access';
import {
  createAuthoredTest,
  exportAuthoredTest,
  findAuthoredTest,
  listAuthoredTests,
  previewAuthoredTest,
  updateAuthoredTest,
} from '../../../../services/staff/authored-tests';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
};

/** Tests written in the console: written as QTI 3 packages, stored and delivered as imported ones (services/staff/authored-tests.ts). */
export default async function authoredTestsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { repos: app.repos, withTransaction: app.withTransaction.bind(app) };
  const scope = { querystring: companyScopeQuerySchema };

  app.get('/', { schema: { tags: ['staff'], ...scope, response: { 200: authoredTestListResponseSchema, ...errors } } }, async (request) => {
    const companyId = requireOwnCompany(await requireStaff(request), request.query.companyId);
    return { status: true as const, tests: await listAuthoredTests(app.repos, companyId) };
  });

  app.post(
    '/',
    { schema: { tags: ['staff'], ...scope, body: authoredTestWriteSchema, response: { 201: authoredTestResponseSchema, ...errors } } },
    async (request, reply) => {
      const context = await requireStaff(request);
      const companyId = requireOwnCompany(context, request.query.companyId);
      const saved = await createAuthoredTest(deps, { companyId, userId: context.user.id }, request.body);
      request.audit({ event: 'staff-created', userId: context.user.id, target: `authored-tests/${saved.summary.id}` });
      return reply.code(201).send(saved);
    },
  );

  app.post(
    '/preview',
    {
      schema: {
        tags: ['staff'],
        ...scope,
        body: authoredPreviewRequestSchema,
        response: { 200: authoredPreviewResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireOwnCompany(await requireStaff(request), request.query.companyId);
      return previewAuthoredTest(app.repos, request.body.test, app.activityOrigins.activitiesUrl);
    },
  );

  app.get(
    '/:testId',
    { schema: { tags: ['staff'], ...scope, params: authoredTestParamsSchema, response: { 200: authoredTestResponseSchema, ...errors } } },
    async (request) => {
      const companyId = requireOwnCompany(await requireStaff(request), request.query.companyId);
      return findAuthoredTest(app.repos, companyId, request.params.testId);
    },
  );

  app.put(
    '/:testId',
    {
      schema: {
        tags: ['staff'],
        ...scope,
        params: authoredTestParamsSchema,
        body: authoredTestWriteSchema,
        response: { 200: authoredTestResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = await requireStaff(request);
      const companyId = requireOwnCompany(context, request.query.companyId);
      const saved = await updateAuthoredTest(deps, companyId, request.params.testId, request.body);
      request.audit({ event: 'staff-updated', userId: context.user.id, target: `authored-tests/${saved.summary.id}` });
      return saved;
    },
  );

  app.get(
    '/:testId/package',
    { schema: { tags: ['staff'], ...scope, params: authoredTestParamsSchema, response: errors } },
    async (request, reply) => {
      const companyId = requireOwnCompany(await requireStaff(request), request.query.companyId);
      const { zip, fileName } = await exportAuthoredTest(app.repos, companyId, request.params.testId);
      return sendDownload(reply, zip, 'application/zip', fileName);
    },
  );
}
