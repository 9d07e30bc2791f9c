import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUnstorable } from '../domain/storable-value';
import { HttpError } from '../http/http-error';

/**
 * The rules of what the server can keep (domain/storable-value.ts: no NUL character, at most
 * JSON_MAX_DEPTH levels of nesting) for every route, checked before its own validation, in the path,
 * the query and a JSON body.
 */
export const inputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const problem = findUnstorable(value);
      if (problem) {
        const path = [where, ...problem.path].join('.');
        throw new HttpError(400, 'VALIDATION', `${path}: ${problem.message}`, [{ path, message: problem.message }]);
      }
    }
  });
});
