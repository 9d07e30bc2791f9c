import { type Changes, silentChanges } from '../db/change-feed';
import { type Db, type WriteDurably, type WriteWithoutSync, writeOn } from '../db/database';
import { createAdaptiveRepository } from './adaptive-repository';
import { createAuditRepository } from './audit-repository';
import { createCampaignsRepository } from './campaigns-repository';
import { createContentRepository } from './content-repository';
import { createFeedback360Repository } from './feedback360-repository';
import { createHealthRepository } from './health-repository';
import { createLogsRepository } from './logs-repository';
import { createOutcomesRepository } from './outcomes-repository';
import { createRatingsRepository } from './ratings-repository';
import { createPersonalDataRepository } from './personal-data-repository';
import { createProgressRepository } from './progress-repository';
import { createReportsRepository } from './reports-repository';
import { createRequestKeysRepository } from './request-keys-repository';
import { createSignInThrottleRepository } from './sign-in-throttle-repository';
import { createSessionsRepository } from './sessions-repository';
import { createStaffRepositories } from './staff/create-staff-repositories';
import { createTestsRepository } from './tests-repository';
import { createUsersRepository } from './users-repository';

/**
 * Every repository over one database handle, or over one transaction (the same queries, inside it).
 * Writes that make the access cache's copies stale announce it on `changes`.
 */
export interface RepositoryServices {
  changes?: Changes;
  /** Where groups of saves are committed (the database handle's); inside a transaction, the transaction. */
  writeDurably?: WriteDurably;
  /** Where what a crash of the machine may forget is written (limit counts, new sessions; the handle's); inside a transaction, the transaction. */
  writeWithoutSync?: WriteWithoutSync;
}

export function createRepositories(db: Db, { changes = silentChanges, writeDurably, writeWithoutSync }: RepositoryServices = {}) {
  const unsynced = writeWithoutSync ?? writeOn(db);
  const signInThrottle = createSignInThrottleRepository(db, unsynced);
  const sessions = createSessionsRepository(db, unsynced, changes);
  return {
    // Where the database cannot count a sign-in and open its session in its read (SQLite), the limits' own count and
    // the sessions' own insert do it.
    users: createUsersRepository(db, changes, {
      countRequest: async (key, windowMs, now) => (await signInThrottle.countMany([key], windowMs, now))[0],
      openSession: sessions.openFor,
    }),
    sessions,
    campaigns: createCampaignsRepository(db, changes),
    tests: createTestsRepository(db),
    progress: createProgressRepository(db, writeDurably),
    outcomes: createOutcomesRepository(db),
    /** Assessors' ratings of the items a QTI package test leaves to an assessor. */
    ratings: createRatingsRepository(db),
    logs: createLogsRepository(db, writeDurably),
    reports: createReportsRepository(db),
    feedback360: createFeedback360Repository(db),
    signInThrottle,
    requestKeys: createRequestKeysRepository(db),
    health: createHealthRepository(db),
    /** Content packages (tests' QTI and SCORM packages), by content hash. */
    content: createContentRepository(db),
    /** Adaptive tests' settings and banks, and candidates' adaptive sessions. */
    adaptive: createAdaptiveRepository(db),
    /** The audit trail: who did what, when (plugins/audit.ts writes it). */
    audit: createAuditRepository(db),
    /** What the platform holds about one person (their data export), and who saw their report. */
    personalData: createPersonalDataRepository(db),
    /** The staff console's: companies, people, managed tests, samples, campaign progress, resets, jobs. */
    staff: createStaffRepositories(db, changes),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/** What test delivery reads and writes: the policies and services of tests take just these. */
export type TestDeliveryRepos = Pick<Repositories, 'tests' | 'progress' | 'outcomes' | 'campaigns'>;
