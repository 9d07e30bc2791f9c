import type { FastifyInstance } from 'fastify';
import type { Job } from '@prova/contract/staff';
import { silentChanges } from '../../db/change-feed';
import { HttpError, notFound } from '../../http/http-error';
import { checkBundleScope, type OwnCompany } from '../../import/check-bundle-scope';
import { importBundle } from '../../import/import-bundle';
import { planImport } from '../../import/plan-import';
import { validateBundle } from '../../import/validate-bundle';
import { createStaffRepositories } from '../../repositories/staff/create-staff-repositories';
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

/** Starts validating an uploaded bundle; the job ends `validated` (with its plan) or `invalid` (with every problem). */
export async function startImportValidation(app: FastifyInstance, uploader: Uploader, input: unknown): Promise<Job> {
  const company = await ownCompany(app, uploader.companyId);
  const id = await app.staffJobs.create({
    companyId: uploader.companyId,
    createdBy: uploader.userId,
    kind: 'import',
    state: 'validating',
    phase: 'validating',
    input: JSON.stringify(input),
  });
  app.staffJobs.run(id, async (progress) => {
    const { db } = app.database;
    progress('validating', 0, 1);
    const checked = await validateBundle(db, input, app.activityOrigins);
    const scope = await checkBundleScope(db, input, company);
    const problems = [...(checked.ok ? [] : checked.problems), ...scope];
    if (!checked.ok || problems.length)
      return { state: 'invalid', phase: 'validated', done: 1, total: 1, problems: JSON.stringify(problems), input: null };
    const plan = await planImport(db, checked.bundle, checked.matches);
    return { state: 'validated', phase: 'validated', done: 1, total: 1, plan: JSON.stringify(plan) };
  });
  return findJob(app, uploader.companyId, id);
}

/** Writes a validated bundle (checked again in the import's transaction); 409 unless the job is `validated`. */
export async function confirmImport(app: FastifyInstance, uploader: Uploader, jobId: string): Promise<Job> {
  const job = await findJob(app, uploader.companyId, jobId);
  if (job.kind !== 'import') throw notFound('Import');
  const company = await ownCompany(app, uploader.companyId);
  if (!(await app.repos.staff.jobs.transition(jobId, 'validated', { state: 'importing', phase: 'passwords', done: 0, total: 0 }))) {
    throw new HttpError(409, 'CONFLICT', `The import is ${job.state}: only a validated import can be confirmed`);
  }
  app.staffJobs.run(jobId, async (progress) => {
    const input = JSON.parse((await app.repos.staff.jobs.input(jobId)) ?? 'null') as unknown;
    let created: number[] = [];
    const result = await importBundle(app.database, input, {
      hash: hashPassword,
      onProgress: progress,
      activityOrigins: app.activityOrigins,
      async check(trx, bundle) {
        const problems = await checkBundleScope(trx, input, company);
        const ids = bundle.tests.map((t) => t.id);
        const existing = await createStaffRepositories(trx, silentChanges).tests.existing(ids);
        created = ids.filter((id) => !existing.has(id));
        return problems;
      },
      // Tests this import created are the company's.
      afterWrite: (trx) => createStaffRepositories(trx, silentChanges).tests.claim(created, company.id),
    });
    if (!result.ok) return { state: 'invalid', phase: 'writing', problems: JSON.stringify(result.problems), input: null };
    return { state: 'done', phase: 'done', done: 1, total: 1, summary: JSON.stringify(result.summary), input: null };
  });
  return findJob(app, uploader.companyId, jobId);
}

export async function findJob(app: FastifyInstance, companyId: number, jobId: string): Promise<Job> {
  const row = await app.repos.staff.jobs.find(companyId, jobId);
  if (!row) throw notFound('Job');
  return app.staffJobs.view(row);
}
