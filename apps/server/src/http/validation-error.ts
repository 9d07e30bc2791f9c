import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-error';

/**
 * A request that broke its route's schema, as the API answers it: `{ path, message }` per problem,
 * paths starting with where it was (`body.name`, `params.id`). The one rule for every route: a body that
 * breaks its schema is 422 (understood, not acceptable: a form's or a caller's mistake, with the schema's
 * own messages), a malformed path or query 400. Null for any other error.
 */
export function schemaValidationError(error: unknown): HttpError | null {
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
  return new HttpError(where === 'body' ? 422 : 400, 'VALIDATION', message, errors);
}
