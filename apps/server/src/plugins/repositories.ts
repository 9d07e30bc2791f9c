import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/database';
import { createCampaignsRepository } from '../repositories/campaigns-repository';
import { createSessionsRepository } from '../repositories/sessions-repository';
import { createUsersRepository } from '../repositories/users-repository';

function createRepositories(handle: DatabaseHandle) {
  return {
    users: createUsersRepository(handle.db),
    sessions: createSessionsRepository(handle.db),
    campaigns: createCampaignsRepository(handle.db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    repos: Repositories;
  }
}

/** Data access attached to the instance, so routes and tests share one wiring. */
export const repositories = fp(async (app: FastifyInstance, opts: { database: DatabaseHandle }) => {
  app.decorate('database', opts.database);
  app.decorate('repos', createRepositories(opts.database));
});
