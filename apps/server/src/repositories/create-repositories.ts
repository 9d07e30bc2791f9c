import type { Db } from '../db/database';
import { createCampaignsRepository } from './campaigns-repository';
import { createFeedback360Repository } from './feedback360-repository';
import { createHealthRepository } from './health-repository';
import { createLogsRepository } from './logs-repository';
import { createOutcomesRepository } from './outcomes-repository';
import { createProgressRepository } from './progress-repository';
import { createReportsRepository } from './reports-repository';
import { createRequestKeysRepository } from './request-keys-repository';
import { createSignInThrottleRepository } from './sign-in-throttle-repository';
import { createSessionsRepository } from './sessions-repository';
import { createTestsRepository } from './tests-repository';
import { createUsersRepository } from './users-repository';

/** Every repository over one database handle, or over one transaction (the same queries, inside it). */
export function createRepositories(db: Db) {
  return {
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    campaigns: createCampaignsRepository(db),
    tests: createTestsRepository(db),
    progress: createProgressRepository(db),
    outcomes: createOutcomesRepository(db),
    logs: createLogsRepository(db),
    reports: createReportsRepository(db),
    feedback360: createFeedback360Repository(db),
    signInThrottle: createSignInThrottleRepository(db),
    requestKeys: createRequestKeysRepository(db),
    health: createHealthRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/** What test delivery reads and writes: the policies and services of tests take just these. */
export type TestDeliveryRepos = Pick<Repositories, 'tests' | 'progress' | 'outcomes'>;
