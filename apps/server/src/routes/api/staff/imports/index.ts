import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { BUNDLE_UPLOAD_MAX_BYTES, importUploadRequestSchema, jobParamsSchema, jobResponseSchema } from '@prova/contract/staff';
import { answerInvalidBodiesWith422 } from '../../../../http/validation-error';
import { requireStaff } from '../../../../policies/staff-access';
import { confirmImport, startImportValidation } from '../../../../services/staff/import-jobs';

/** Uploads a person may start in a window: each is validated on the server, up to 16 MiB at a time. */
export const UPLOAD_LIMIT = { max: 10, timeWindow: 10 * 60_000 };

const errors = {
  400: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
};

/** Bundle upload: validate without writing (a job with the full report), then import on confirmation. */
export default async function importsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  answerInvalidBodiesWith422(app);

  app.post(
    '/',
    {
      bodyLimit: BUNDLE_UPLOAD_MAX_BYTES,
      schema: { tags: ['staff'], body: importUploadRequestSchema, response: { 202: jobResponseSchema, ...errors } },
      // Counted per person (else per address), before the body is read.
      config: {
        rateLimit: {
          ...UPLOAD_LIMIT,
          hook: 'onRequest',
          keyGenerator: async (request: FastifyRequest) => {
            const auth = await request.loadAuth();
            return auth ? `user:${auth.user.id}` : `ip:${request.ip}`;
          },
        },
      },
    },
    async (request, reply) => {
      const context = await requireStaff(request);
      const job = await startImportValidation(app, { companyId: context.companyId, userId: context.user.id }, request.body);
      request.audit({ event: 'staff-import-uploaded', userId: context.user.id, target: `jobs/${job.id}` });
      return reply.status(202).send({ status: true as const, job });
    },
  );

  app.post(
    '/:jobId/confirm',
    { schema: { tags: ['staff'], params: jobParamsSchema, response: { 202: jobResponseSchema, ...errors } } },
    async (request, reply) => {
      const context = await requireStaff(request);
      const job = await confirmImport(app, { companyId: context.companyId, userId: context.user.id }, request.params.jobId);
      request.audit({ event: 'staff-import-confirmed', userId: context.user.id, target: `jobs/${job.id}` });
      return reply.status(202).send({ status: true as const, job });
    },
  );
}
