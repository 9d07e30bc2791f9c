import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { managedTestResponseSchema } from '@prova/contract/staff-tests';
import {
  TEST_PACKAGE_MAX_BYTES,
  testIdParamsSchema,
  testPackageQuerySchema,
  testPackageResponseSchema,
  testPreviewResponseSchema,
  testTextsWriteSchema,
} from '@prova/contract/staff-test-library';
import { HttpError } from '../../../../http/http-error';
import { requireStaff } from '../../../../policies/staff-access';
import { createPackageTest, testPreview, updateTestTexts } from '../../../../services/staff/test-library';
import { UPLOAD_LIMIT } from '../imports/index';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
};

/** The console's test library: a test from an uploaded package, a test's texts, a test's preview. */
export default async function testLibraryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { repos: app.repos, withTransaction: app.withTransaction };
  app.addContentTypeParser('application/zip', { parseAs: 'buffer', bodyLimit: TEST_PACKAGE_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/test-packages',
    {
      schema: {
        tags: ['staff'],
        consumes: ['application/zip'],
        querystring: testPackageQuerySchema,
        response: { 201: testPackageResponseSchema, ...errors },
      },
      // Each upload is unzipped and read on the server: counted with the bundle uploads' limit, per person.
      config: {
        rateLimit: {
          ...UPLOAD_LIMIT,
          hook: 'onRequest',
          keyGenerator: async (request) => {
            const auth = await request.loadAuth();
            return auth ? `user:${auth.user.id}` : `ip:${request.ip}`;
          },
        },
      },
    },
    async (request, reply) => {
      const context = await requireStaff(request);
      if (!Buffer.isBuffer(request.body))
        throw new HttpError(422, 'VALIDATION', 'body: Expected a zip (application/zip)', [
          { path: 'body', message: 'Expected a zip (application/zip)' },
        ]);
      const answer = await createPackageTest(deps, context.companyId, {
        kind: request.query.type,
        bytes: request.body,
        campaignId: request.query.campaignId,
      });
      request.audit({
        event: 'staff-created',
        userId: context.user.id,
        target: `usertests/${answer.test.id}`,
        detail: answer.test.url.startsWith('/players/') ? `${answer.test.url.split('/')[2]} package` : 'web activity',
      });
      return reply.status(201).send(answer);
    },
  );

  app.put(
    '/tests/:testId/texts',
    {
      schema: {
        tags: ['staff'],
        params: testIdParamsSchema,
        body: testTextsWriteSchema,
        response: { 200: managedTestResponseSchema, ...errors },
      },
    },
    async (request) => {
      const context = await requireStaff(request);
      const test = await updateTestTexts(app.repos, context.companyId, request.params.testId, request.body);
      request.audit({ event: 'staff-updated', userId: context.user.id, target: `usertests/${test.id}/texts` });
      return { status: true as const, test };
    },
  );

  app.get(
    '/tests/:testId/preview',
    { schema: { tags: ['staff'], params: testIdParamsSchema, response: { 200: testPreviewResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      return testPreview(app.repos, context.companyId, request.params.testId, app.activityOrigins.activitiesUrl);
    },
  );
}
