import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-error';

/**
 * A request that broke its route's schema, as the API answers it: `{ path, message }` per problem,
 * paths starting with where it was (`body.name`, `params.id`). Null for any other error.
 */
export function schemaValidationError(error: unknown, bodyStatus = 400): HttpError | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const where = (error as FastifyError).validationContext ?? 'body';
  const errors = error.validation.map((v) => {
    const path = [
      where,
      ...String(v.instancePath ?? '')
        .split('/')
        .filter(Boolean),
    ].join('.');
    return { path, message: v.message ?? 'Invalid value' };
  });
  const message = errors.map((e) => `${e.path}: ${e.message}`).join('; ');
  return new HttpError(where === 'body' ? bodyStatus : 400, 'VALIDATION', message, errors);
}

/**
 * For the routes of the plugin it is called in: a body that breaks its schema answers 422 (a form's
 * mistake, with the schema's own messages: 'No valid company name'), a malformed path or query 400
 * as everywhere. Call it before the routes are declared.
 */
export function answerInvalidBodiesWith422(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.attachValidation = true;
  });
  app.addHook('preHandler', async (request) => {
    if (!request.validationError) return;
    throw schemaValidationError(request.validationError, 422) ?? request.validationError;
  });
}
