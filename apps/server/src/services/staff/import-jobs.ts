import type { FastifyInstance } from 'fastify';
import type { Job } from '@prova/contract/staff';
import { HttpError, notFound, notFoundUnlessOthers } from '../../http/http-error';
import { checkBundleScope, type OwnCompany } from '../../import/check-bundle-scope';
import { hashPasswordsOf } from '../../import/hash-new-passwords';
import { importBundle } from '../../import/import-bundle';
import { planImport } from '../../import/plan-import';
import { validateBundle } from '../../import/validate-bundle';
import { hashPassword } from '../passwords';

// A bundle uploaded from the console: validated without writing (the importer's checks and the
// uploader's scope), shown as a full report, then imported when staff confirm. Both steps are jobs.

interface Uploader {
  companyId: number;
  userId: number;
}

async function ownCompany(app: FastifyInstance, companyId: number): Promise<OwnCompany> {
  const company = await app.repos.staff.companies.find(companyId);
  if (!company) throw notFound('Company');
  return { id: company.id, name: company.name };
}

/**
 * What a validated import keeps until it is confirmed: the bundle without its passwords, and the new
 * people's password hashes (by e-mail), so that no password is ever stored in clear.
 */
interface StoredImport {
  bundle: unknown;
  passwordHashes: Record<string, string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function withoutPasswords(input: unknown): unknown {
  if (!isRecord(input) || !Array.isArray(input.users)) return input;
  return {
    ...input,
    users: input.users.map((user: unknown) => {
      if (!isRecord(user)) return user;
      const { password: _password, ...rest } = user;
      return rest;
    }),
  };
}

/**
 * Starts validating an uploaded bundle; the job ends `validated` (with its plan) or `invalid` (with every
 * problem). A valid bundle's new passwords are hashed here (phase `passwords`) and only the hashes kept.
 */
export async function startImportValidation(app: FastifyInstance, uploader: Uploader, input: unknown): Promise<Job> {
  const company = await ownCompany(app, uploader.companyId);
  const id = await app.staffJobs.create({
    companyId: uploader.companyId,
    createdBy: uploader.userId,
    kind: 'import',
    state: 'validating',
    phase: 'validating',
  });
  app.staffJobs.run(id, async (progress) => {
    const { db } = app.database;
    progress('validating', 0, 1);
    const checked = await validateBundle(db, input, {
      activityOrigins: app.activityOrigins,
      onProgress: (done, total) => progress('validating', done, total),
    });
    const scope = await checkBundleScope(db, input, company);
    const problems = [...(checked.ok ? [] : checked.problems), ...scope];
    if (!checked.ok || problems.length)
      return { state: 'invalid', phase: 'validated', done: 1, total: 1, problems: JSON.stringify(problems) };
    const plan = await planImport(db, checked.bundle, checked.matches);
    const hashes = await hashPasswordsOf(db, checked.bundle.users, {
      hash: hashPassword,
      onHashed: (done, total) => progress('passwords', done, total),
    });
    const stored: StoredImport = { bundle: withoutPasswords(input), passwordHashes: Object.fromEntries(hashes) };
    return { state: 'validated', phase: 'validated', done: 1, total: 1, plan: JSON.stringify(plan), input: JSON.stringify(stored) };
  });
  return findJob(app, uploader.companyId, id);
}

/** Writes a validated bundle (checked again in the import's transaction); 409 unless the job is `validated`. */
export async function confirmImport(app: FastifyInstance, uploader: Uploader, jobId: string): Promise<Job> {
  const job = await findJob(app, uploader.companyId, jobId);
  if (job.kind !== 'import') throw notFound('Import');
  const company = await ownCompany(app, uploader.companyId);
  if (!(await app.repos.staff.jobs.transition(jobId, 'validated', { state: 'importing', phase: 'writing', done: 0, total: 1 }))) {
    throw new HttpError(409, 'CONFLICT', `The import is ${job.state}: only a validated import can be confirmed`);
  }
  app.staffJobs.run(jobId, async (progress) => {
    const stored = JSON.parse((await app.repos.staff.jobs.input(jobId)) ?? 'null') as StoredImport | null;
    if (!stored) throw new Error('The validated bundle is gone: upload it again');
    const result = await importBundle(app.database, stored.bundle, {
      company,
      passwordHashes: new Map(Object.entries(stored.passwordHashes)),
      onProgress: progress,
      activityOrigins: app.activityOrigins,
    });
    if (!result.ok) return { state: 'invalid', phase: 'writing', problems: JSON.stringify(result.problems), input: null };
    return { state: 'done', phase: 'done', done: 1, total: 1, summary: JSON.stringify(result.summary), input: null };
  });
  return findJob(app, uploader.companyId, jobId);
}

/** 404 for a job the company does not have; audited when another company has it. */
export const jobNotFound = async (app: FastifyInstance, jobId: string) =>
  notFoundUnlessOthers('Job', `jobs/${jobId}`, await app.repos.staff.jobs.companyOf(jobId));

export async function findJob(app: FastifyInstance, companyId: number, jobId: string): Promise<Job> {
  const row = await app.repos.staff.jobs.find(companyId, jobId);
  if (!row) throw await jobNotFound(app, jobId);
  return app.staffJobs.view(row);
}
