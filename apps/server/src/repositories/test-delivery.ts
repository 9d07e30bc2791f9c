import type { FastifyInstance } from 'fastify';
import { createOutcomesRepository } from './outcomes-repository';
import { createProgressRepository } from './progress-repository';
import { createTestsRepository } from './tests-repository';

export interface TestDeliveryRepos {
  tests: ReturnType<typeof createTestsRepository>;
  progress: ReturnType<typeof createProgressRepository>;
  outcomes: ReturnType<typeof createOutcomesRepository>;
}

const cache = new WeakMap<FastifyInstance['database'], TestDeliveryRepos>();

/** The repositories of test delivery over the app's database (one set per database handle). */
export function testDeliveryRepos(app: FastifyInstance): TestDeliveryRepos {
  let repos = cache.get(app.database);
  if (!repos) {
    const db = app.database.db;
    repos = { tests: createTestsRepository(db), progress: createProgressRepository(db), outcomes: createOutcomesRepository(db) };
    cache.set(app.database, repos);
  }
  return repos;
}
