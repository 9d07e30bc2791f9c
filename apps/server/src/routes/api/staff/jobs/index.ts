import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@prova/contract/errors';
import { jobListResponseSchema, jobParamsSchema, jobResponseSchema } from '@prova/contract/staff-jobs';
import { HttpError } from '../../../../http/http-error';
import { sendDownload } from '../../../../http/send-file';
import { JOB_KIND_SCOPE } from '../../../../plugins/api-tokens';
import { requireStaff } from '../../../../policies/staff-access';
import { findJob, jobNotFound } from '../../../../services/staff/import-jobs';

/** An API token sees the jobs of the kinds its scopes open (an import token never downloads an export's results). */
const tokenMaySee = (request: FastifyRequest, kind: string) => !request.apiToken || request.apiToken.scopes.includes(JOB_KIND_SCOPE[kind]);

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

/** The company's imports and exports: their progress, and an export's file. */
export default async function jobsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { staff } = app.repos;

  app.get('/', { schema: { tags: ['staff'], response: { 200: jobListResponseSchema, ...errors } } }, async (request) => {
    const context = await requireStaff(request);
    const rows = (await staff.jobs.list(context.companyId, 50)).filter((row) => tokenMaySee(request, row.kind));
    return { status: true as const, jobs: rows.map((row) => app.staffJobs.view(row)) };
  });

  app.get(
    '/:jobId',
    { schema: { tags: ['staff'], params: jobParamsSchema, response: { 200: jobResponseSchema, ...errors } } },
    async (request) => {
      const context = await requireStaff(request);
      const job = await findJob(app, context.companyId, request.params.jobId);
      if (!tokenMaySee(request, job.kind)) throw await jobNotFound(app, request.params.jobId);
      return { status: true as const, job };
    },
  );

  app.get('/:jobId/file', { schema: { tags: ['staff'], params: jobParamsSchema, response: errors } }, async (request, reply) => {
    const context = await requireStaff(request);
    const file = await staff.jobs.file(context.companyId, request.params.jobId);
    if (!file || !tokenMaySee(request, file.kind)) throw await jobNotFound(app, request.params.jobId);
    if (file.state !== 'done' || !file.file_data || !file.file_name || !file.file_type) {
      throw new HttpError(409, 'CONFLICT', 'No file yet: the job is not done, or has no file');
    }
    request.audit({ event: 'staff-file-downloaded', userId: context.user.id, target: `jobs/${request.params.jobId}` });
    return sendDownload(reply, Buffer.from(file.file_data, 'base64'), file.file_type, file.file_name);
  });
}
