import type { FastifyInstance } from 'fastify';
import type { Repositories } from '../repositories/create-repositories';

/**
 * Carries out a write once per idempotency key and caller: the key is recorded in the same transaction
 * as the write, so a repeat (the first answer was lost on the way) finds it and does nothing, and a
 * write that fails leaves no key behind. Without a key the write simply runs. Answers whether the
 * write ran now.
 */
export async function runOnce(
  app: FastifyInstance,
  userId: number,
  key: string | undefined,
  write: (repos: Repositories) => Promise<void>,
): Promise<boolean> {
  if (key === undefined) {
    await write(app.repos);
    return true;
  }
  return app.withTransaction(async (repos) => {
    if (!(await repos.requestKeys.claim(userId, key))) return false;
    await write(repos);
    return true;
  });
}
