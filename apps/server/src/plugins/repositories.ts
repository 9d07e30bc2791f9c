import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/database';
import { createRepositories, type Repositories } from '../repositories/create-repositories';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    repos: Repositories;
    /** Runs `work` in one transaction, with every repository bound to it. */
    withTransaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  }
}

/**
 * The one way to reach the data layer: every repository attached to the instance, and a transaction
 * helper. Plugins that query declare `dependencies: ['repositories']`. The importer, which runs without
 * a server, is the one place that builds its own.
 */
export const repositories = fp(
  async (app: FastifyInstance, opts: { database: DatabaseHandle }) => {
    app.decorate('database', opts.database);
    app.decorate('repos', createRepositories(opts.database.db));
    app.decorate('withTransaction', <T>(work: (repos: Repositories) => Promise<T>) =>
      opts.database.db.transaction().execute((trx) => work(createRepositories(trx))),
    );
  },
  { name: 'repositories' },
);
