import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JSON_MAX_DEPTH } from '@prova/contract/limits';
import { HttpError } from '../http/http-error';

/**
 * Two rules for every route, checked before its own validation, in the path, the query and a JSON body:
 * - no text holds a NUL character: PostgreSQL cannot store it (SQLite would: both now answer alike);
 * - a body nests at most JSON_MAX_DEPTH levels: deeper ones would overflow the stack of whatever
 *   walks them next (JSON.stringify of progress data, for one).
 */
export const inputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const problem = findProblem(value, where);
      if (problem) throw new HttpError(400, 'VALIDATION', `${problem.path}: ${problem.message}`, [problem]);
    }
  });
});

/** The first NUL or too deep a value, walking without recursion. */
function findProblem(root: unknown, rootPath: string): { path: string; message: string } | null {
  const stack: [unknown, string, number][] = [[root, rootPath, 0]];
  while (stack.length > 0) {
    const [value, path, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path, message: 'contains a NUL character' };
    } else if (value !== null && typeof value === 'object') {
      if (depth >= JSON_MAX_DEPTH) return { path, message: `nested deeper than ${JSON_MAX_DEPTH} levels` };
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return { path, message: 'contains a NUL character' };
        stack.push([child, `${path}.${key}`, depth + 1]);
      }
    }
  }
  return null;
}
