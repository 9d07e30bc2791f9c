import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiError } from '@prova/contract/errors';
import { HttpError, OtherCompanyError, TestLockedHttpError } from '../http/http-error';
import { schemaValidationError } from '../http/validation-error';

/** Who asked for another company's `error.target` (their session was read before the refusal: no query here). */
async function auditOtherCompany(request: FastifyRequest, error: OtherCompanyError) {
  const auth = await request.loadAuth().catch(() => null);
  request.audit({
    event: 'other-company-refused',
    userId: auth?.user.id,
    target: error.target,
    detail: `company ${auth?.user.company_id ?? '?'} asked for what is company ${error.ownerCompanyId}'s`,
  });
}

// The one place that turns errors into answers: a caller's mistake is always a 4xx naming the field.
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      // Refusals of someone signed in are worth keeping: who tried to reach what.
      if (error.statusCode === 403) request.audit({ event: 'refused', detail: `${error.code}: ${error.message}` });
      if (error instanceof OtherCompanyError) void auditOtherCompany(request, error);
      const body: ApiError = { status: false, code: error.code, message: error.message };
      if (error.errors) body.errors = error.errors;
      if (error instanceof TestLockedHttpError)
        return reply.status(422).send({ ...body, missingPrerequisites: error.missingPrerequisites });
      return reply.status(error.statusCode).send(body);
    }
    const invalid = schemaValidationError(error);
    if (invalid) {
      const body: ApiError = { status: false, code: invalid.code, message: invalid.message, errors: invalid.errors };
      return reply.status(invalid.statusCode).send(body);
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      const code = statusCode === 429 ? 'RATE_LIMITED' : statusCode === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION';
      return reply.status(statusCode).send({ status: false, code, message: error.message } satisfies ApiError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ status: false, code: 'INTERNAL', message: 'Internal server error' } satisfies ApiError);
  });
});
