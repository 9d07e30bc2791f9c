import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { BUNDLE_UPLOAD_MAX_BYTES, BUNDLE_ZIP_UPLOAD_MAX_BYTES } from '@prova/contract/staff';
import { importUploadRequestSchema, jobParamsSchema, jobResponseSchema } from '@prova/contract/staff-jobs';
import { HttpError } from '../../../../http/http-error';
import { requireStaff } from '../../../../policies/staff-access';
import { confirmImport, startImportValidation } from '../../../../services/staff/import-jobs';

/** Uploads a person may start in a window: each is validated on the server, up to 16 MiB of JSON or 64 MiB of zip at a time. */
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
  // Each kind of body with its own limit: a bundle's JSON, or a zip of it with its packages (kept as bytes).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BUNDLE_UPLOAD_MAX_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.addContentTypeParser('application/zip', { parseAs: 'buffer', bodyLimit: BUNDLE_ZIP_UPLOAD_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/',
    {
      // The body is checked in the handler: JSON against the schema, a zip by the bundle reader.
      schema: { tags: ['staff'], consumes: ['application/json', 'application/zip'], response: { 202: jobResponseSchema, ...errors } },
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
      const upload = Buffer.isBuffer(request.body) ? { zip: request.body } : { json: jsonBundle(request.body) };
      const job = await startImportValidation(app, { companyId: context.companyId, userId: context.user.id }, upload);
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

/** A JSON upload is a bundle document: an object (what is in it, the importer checks). */
function jsonBundle(body: unknown): unknown {
  const parsed = importUploadRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message }));
  throw new HttpError(422, 'VALIDATION', errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
}
