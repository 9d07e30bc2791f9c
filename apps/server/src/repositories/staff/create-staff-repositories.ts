import type { Changes } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { createApiTokensRepository } from './api-tokens-repository';
import { createAuthoredTestsRepository } from './authored-tests-repository';
import { createCampaignProgressRepository } from './campaign-progress-repository';
import { createStaffCompaniesRepository } from './companies-repository';
import { createErasureRepository } from './erasure-repository';
import { createInvitationsRepository } from './invitations-repository';
import { createItemAnalysisRepository } from './item-analysis-repository';
import { createJobsRepository } from './jobs-repository';
import { createStaffLanguagesRepository } from './languages-repository';
import { createManagedTestsRepository } from './managed-tests-repository';
import { createNormsRepository } from './norms-repository';
import { createPeopleRepository } from './people-repository';
import { createRetentionRepository } from './retention-repository';
import { createResetsRepository } from './resets-repository';
import { createResponsesRepository } from './responses-repository';
import { createSamplesRepository } from './samples-repository';
import { createWebhooksRepository } from './webhooks-repository';

/** What the staff console reads and writes, by table family. */
export function createStaffRepositories(db: Db, changes: Changes) {
  return {
    companies: createStaffCompaniesRepository(db, changes),
    languages: createStaffLanguagesRepository(db, changes),
    tests: createManagedTestsRepository(db, changes),
    samples: createSamplesRepository(db, changes),
    people: createPeopleRepository(db, changes),
    campaigns: createCampaignProgressRepository(db, changes),
    resets: createResetsRepository(db, changes),
    invitations: createInvitationsRepository(db),
    jobs: createJobsRepository(db),
    responses: createResponsesRepository(db),
    authoredTests: createAuthoredTestsRepository(db, changes),
    itemAnalysis: createItemAnalysisRepository(db),
    norms: createNormsRepository(db),
    apiTokens: createApiTokensRepository(db),
    webhooks: createWebhooksRepository(db),
    /** Erasures of people (issue 52): ERASURE_PLAN, the one list of what happens to each table. */
    erasure: createErasureRepository(db, changes),
    retention: createRetentionRepository(db),
  };
}
export type StaffRepositories = ReturnType<typeof createStaffRepositories>;
