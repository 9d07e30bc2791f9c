import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUnstorable } from '../domain/storable-value';
import { HttpError } from '../http/http-error';

/**
 * The rules of what the server can keep (domain/storable-value.ts: no NUL character, at most
 * JSON_MAX_DEPTH levels of nesting) for every route, checked before its own validation, in the path,
 * the query and a JSON body. A callback hook: every request passes here, most without a problem.
 */
export const inputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    done(unstorableIn('params', request.params) ?? unstorableIn('querystring', request.query) ?? unstorableIn('body', request.body));
  });
});

function unstorableIn(where: string, value: unknown): HttpError | undefined {
  const problem = findUnstorable(value);
  if (!problem) return undefined;
  const path = [where, ...problem.path].join('.');
  // A body is 422 and a path or query 400, as the schemas' own refusals (http/validation-error.ts).
  return new HttpError(where === 'body' ? 422 : 400, 'VALIDATION', `${path}: ${problem.message}`, [{ path, message: problem.message }]);
}
