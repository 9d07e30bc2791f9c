import type { FastifyInstance } from 'fastify';
import type { Job } from '@prova/contract/staff-jobs';
import { prepareBundlePackages } from '../../content/bundle-packages';
import { NO_FILES, readBundleZip } from '../../content/bundle-source';
import { HttpError, notFound, notFoundUnlessOthers } from '../../http/http-error';
import { checkBundleScope, type OwnCompany } from '../../import/check-bundle-scope';
import { hashPasswordsOf } from '../../import/hash-new-passwords';
import { importBundle } from '../../import/import-bundle';
import { planImport } from '../../import/plan-import';
import type { StoredImport } from '../../repositories/staff/jobs-repository';
import { validateBundle } from '../../import/validate-bundle';
import { hashPassword } from '../passwords';

// A bundle uploaded from the console (its JSON, or a zip of it with the packages its tests name):
// validated without writing (the importer's checks and the uploader's scope), shown as a full report,
// then imported when staff confirm. Both steps are jobs. A valid upload's packages are stored at once,
// by content hash (harmless if it is never confirmed: nothing names them), and only their hashes kept.

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
 * An import's plan column: the plan and the campaigns the bundle writes (for links to them once imported; a
 * zip's bundle is not read by the page), known together at validation. presentJob reads it back.
 */
const storedImportPlan = (plan: NonNullable<Job['plan']>, campaigns: Job['campaigns']) => JSON.stringify({ lists: plan, campaigns });

/** What staff uploaded: the bundle's JSON, or a zip of bundle.json and its files. */
export type ImportUpload = { json: unknown } | { zip: Uint8Array };

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
export async function startImportValidation(app: FastifyInstance, uploader: Uploader, upload: ImportUpload): Promise<Job> {
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
    const invalid = (problems: string[]) =>
      ({ state: 'invalid', phase: 'validated', done: 1, total: 1, problems: JSON.stringify(problems) }) as const;
    const source =
      'zip' in upload ? await readBundleZip(upload.zip, 'bundle.zip') : { ok: true as const, bundle: upload.json, files: NO_FILES };
    if (!source.ok) return invalid(source.problems);
    const input = source.bundle;
    // Unzipped and prepared here, not in a transaction.
    const packages = await prepareBundlePackages(input, source.files);
    const checked = await validateBundle(db, input, {
      activityOrigins: app.activityOrigins,
      onProgress: (done, total) => progress('validating', done, total),
      packages,
      company: company.name,
    });
    const scope = await checkBundleScope(db, input, company);
    const problems = [...(checked.ok ? [] : checked.problems), ...scope];
    if (!checked.ok || problems.length) return invalid(problems);
    for (const pkg of packages.ready) await app.repos.content.insertIfAbsent(pkg);
    const plan = await planImport(db, checked.bundle, checked.matches);
    const hashes = await hashPasswordsOf(db, checked.bundle.users, {
      hash: hashPassword,
      onHashed: (done, total) => progress('passwords', done, total),
    });
    const stored: StoredImport = {
      bundle: withoutPasswords(input),
      passwordHashes: Object.fromEntries(hashes),
      packages: Object.fromEntries(packages.refs),
      notes: packages.notes,
    };
    return {
      state: 'validated',
      phase: 'validated',
      done: 1,
      total: 1,
      plan: storedImportPlan(
        plan,
        checked.bundle.campaigns.map((c) => ({ id: c.id, name: c.name as Record<string, string> })),
      ),
      notes: JSON.stringify([...checked.notes, ...packages.notes]),
      input: JSON.stringify(stored),
    };
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
    const stored = await app.repos.staff.jobs.input(jobId);
    if (!stored) throw new Error('The validated bundle is gone or does not read: upload it again');
    const result = await importBundle(app.database, stored.bundle, {
      company,
      passwordHashes: new Map(Object.entries(stored.passwordHashes)),
      onProgress: progress,
      activityOrigins: app.activityOrigins,
      // Stored at validation: only their hashes are named now (checked to be still there).
      packages: { refs: new Map(Object.entries(stored.packages ?? {})), ready: [], notes: stored.notes ?? [], problems: [] },
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
