import type { Insertable, Updateable } from 'kysely';
import { z } from 'zod/mini';
import { contentPackageKindSchema } from '@prova/contract/content';
import { FINAL_JOB_STATES, type Job, jobSchema } from '@prova/contract/staff-jobs';
import type { Db } from '../../db/database';
import type { StaffJobsTable } from '../../db/schema';
import { readColumn } from '../json-column-readers';

const { problems, plan, campaigns, summary: summarySchema, notes } = jobSchema.shape;
/** An import's plan column as written since it held the campaigns too (services/staff/import-jobs.ts). */
const planWithCampaigns = z.object({ lists: plan, campaigns });

/**
 * An import's plan column: its plan and the campaigns it writes, known together at validation (`{ lists, campaigns }`),
 * or the plan alone as rows written before held it.
 */
function importPlanOf(stored: string | null): Pick<Job, 'plan' | 'campaigns'> {
  const both = readColumn(planWithCampaigns, stored, null);
  return both ? { plan: both.lists, campaigns: both.campaigns } : { plan: readColumn(plan, stored, null), campaigns: [] };
}

/** A package a validated import names (content/bundle-packages.ts, PackageRef): stored already, its hashes kept. */
const packageRefSchema = z.object({
  kind: contentPackageKindSchema,
  hash: z.string(),
  maxTimeSeconds: z.optional(z.nullable(z.number())),
  adaptive: z.optional(z.object({ hash: z.string(), bank: z.record(z.string(), z.object({ href: z.string(), xml: z.string() })) })),
  plain: z.optional(z.boolean()),
});

/**
 * What a validated import keeps until it is confirmed (the input column, services/staff/import-jobs.ts): the bundle
 * without its passwords, the new people's password hashes by e-mail (no password is ever stored in clear), and the
 * packages its tests name, by file.
 */
const storedImportSchema = z.object({
  bundle: z.unknown(),
  passwordHashes: z.record(z.string(), z.string()),
  packages: z.optional(z.record(z.string(), packageRefSchema)),
  notes: z.optional(z.array(z.string())),
});
export type StoredImport = z.output<typeof storedImportSchema>;

/** A job's row with its JSON columns parsed (a column that does not read is empty). */
function jobOf<R extends { problems: string; plan: string | null; summary: string | null; notes: string | null }>(
  row: R,
): Omit<R, 'problems' | 'plan' | 'summary' | 'notes'> & Pick<Job, 'problems' | 'plan' | 'campaigns' | 'summary' | 'notes'> {
  return {
    ...row,
    problems: readColumn(problems, row.problems, []),
    ...importPlanOf(row.plan),
    summary: readColumn(summarySchema, row.summary, null),
    notes: readColumn(notes, row.notes, []),
  };
}

/** What a job's transition changes in its row. */
export type JobPatch = Updateable<StaffJobsTable>;

/** Imports and exports of the staff console, with their progress, readable by every instance. */
export function createJobsRepository(db: Db) {
  const summary = () =>
    db
      .selectFrom('staff_jobs')
      .innerJoin('users', 'users.id', 'staff_jobs.created_by')
      .select([
        'staff_jobs.id',
        'staff_jobs.company_id',
        'staff_jobs.created_by',
        'staff_jobs.kind',
        'staff_jobs.state',
        'staff_jobs.phase',
        'staff_jobs.done',
        'staff_jobs.total',
        'staff_jobs.campaign_id',
        'staff_jobs.format',
        'staff_jobs.problems',
        'staff_jobs.plan',
        'staff_jobs.summary',
        'staff_jobs.notes',
        'staff_jobs.file_name',
        'staff_jobs.file_type',
        'staff_jobs.file_size',
        'staff_jobs.error',
        'staff_jobs.created_at',
        'staff_jobs.updated_at',
        'staff_jobs.lease_until',
        'users.first_name',
        'users.last_name',
        'users.email',
      ]);

  return {
    create: (row: Insertable<StaffJobsTable>) => db.insertInto('staff_jobs').values(row).execute(),

    /** Moves a job from one state to the next; false when it was not in `from` (a second confirmation, say). */
    async transition(id: string, from: string, patch: Updateable<StaffJobsTable>): Promise<boolean> {
      const result = await db
        .updateTable('staff_jobs')
        .set({ ...patch, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .where('state', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * `claimer` (one instance) takes the job to run it, until `leaseUntil`; false when another instance's lease
     * still holds, or the job is over. One statement that re-checks the row, so claimers at once never both get it.
     */
    async claim(id: string, claimer: string, leaseUntil: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('staff_jobs')
        .set({ claimed_by: claimer, lease_until: leaseUntil, updated_at: now })
        .where('id', '=', id)
        .where('state', 'not in', [...FINAL_JOB_STATES])
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Writes what the job holding the claim reports (and renews its lease): false when `claimer` no longer holds it.
     * A final patch gives the claim up (`release`).
     */
    async updateClaimed(
      id: string,
      claimer: string,
      patch: Updateable<StaffJobsTable>,
      lease: { until: string } | 'release',
    ): Promise<boolean> {
      const result = await db
        .updateTable('staff_jobs')
        .set({
          ...patch,
          updated_at: new Date().toISOString(),
          ...(lease === 'release' ? { claimed_by: null, lease_until: null } : { lease_until: lease.until }),
        })
        .where('id', '=', id)
        .where('claimed_by', '=', claimer)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Whose job `id` is, if anyone's: only to tell a probe of another company's from a miss (the audit). */
    companyOf: async (id: string) =>
      (await db.selectFrom('staff_jobs').select('company_id').where('id', '=', id).executeTakeFirst())?.company_id,

    async find(companyId: number, id: string) {
      const row = await summary().where('staff_jobs.company_id', '=', companyId).where('staff_jobs.id', '=', id).executeTakeFirst();
      return row && jobOf(row);
    },

    list: async (companyId: number, limit: number) =>
      (await summary().where('staff_jobs.company_id', '=', companyId).orderBy('staff_jobs.created_at', 'desc').limit(limit).execute()).map(
        jobOf,
      ),

    /** A validated import's input, null when it is gone or does not read. */
    async input(id: string): Promise<StoredImport | null> {
      const row = await db.selectFrom('staff_jobs').select('input').where('id', '=', id).executeTakeFirst();
      return readColumn(storedImportSchema, row?.input, null);
    },

    file: (companyId: number, id: string) =>
      db
        .selectFrom('staff_jobs')
        .select(['kind', 'state', 'file_name', 'file_type', 'file_data'])
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Jobs older than `before` go, their uploads and files with them. */
    purge: (before: string) => db.deleteFrom('staff_jobs').where('created_at', '<', before).execute(),
  };
}
export type JobRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createJobsRepository>['find']>>>;
