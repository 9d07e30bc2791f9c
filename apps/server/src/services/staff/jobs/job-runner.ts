import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FINAL_JOB_STATES, type Job } from '@prova/contract/staff-jobs';
import { presentJob } from '../../../presenters/present-staff';
import type { JobPatch, JobRow } from '../../../repositories/staff/jobs-repository';
import { claimerName } from '../../claimer-name';

// Imports and exports run as jobs: the request that starts one answers at once with its id, the work
// goes on in the background of this process (awaiting the database and yielding between batches, so
// other requests go on), and its progress is written to staff_jobs, where any instance can read it.
// A job runs once: the instance that runs it claims it first, with a lease it renews while the job runs
// (staff_jobs.claimed_by, lease_until); another instance cannot claim it meanwhile, and every instance
// can tell a job under way (its lease holds) from one whose instance stopped (its lease ran out).

/** Reports where a job is: its phase, and `done` of `total` in it. */
export type Progress = (phase: string, done: number, total: number) => void;
export type { JobPatch } from '../../../repositories/staff/jobs-repository';

/** A running job's claim holds this long unless renewed; past it, the job was cut short (its server stopped). */
export const JOB_LEASE_MS = 60_000;
/** How often a running job renews its lease. */
const LEASE_RENEWAL_MS = JOB_LEASE_MS / 4;
/** A job without a lease (never claimed) not updated for this long was cut short too. */
export const STALE_JOB_MS = 10 * 60_000;
/** Jobs, their uploads and files are kept this long. */
export const JOB_KEPT_MS = 7 * 24 * 60 * 60_000;
/** Progress is written at most this often (and at every change of phase). */
const PROGRESS_EVERY_MS = 300;

declare module 'fastify' {
  interface FastifyInstance {
    staffJobs: {
      create(
        job: { companyId: number; createdBy: number; kind: Job['kind']; state: Job['state']; phase: string } & JobPatch,
      ): Promise<string>;
      /** Claims the job and runs `work` in the background; what it resolves to is the job's final patch. Not run when another instance holds it. */
      run(id: string, work: (progress: Progress) => Promise<JobPatch>): void;
      /** The job as the API answers it (a job cut short reads as failed). */
      view(row: JobRow, now?: Date): Job;
      /** Resolves when no job of this process is running (tests, closing). */
      idle(): Promise<void>;
    };
  }
}

export const staffJobs = fp(
  async (app: FastifyInstance) => {
    const { jobs } = app.repos.staff;
    const running = new Map<string, Promise<void>>();
    const claimer = claimerName();
    let lastPurge = 0;

    async function create(job: Parameters<FastifyInstance['staffJobs']['create']>[0]): Promise<string> {
      const id = randomBytes(18).toString('base64url');
      const now = new Date();
      const { companyId, createdBy, ...rest } = job;
      await jobs.create({
        ...rest,
        id,
        company_id: companyId,
        created_by: createdBy,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
      if (now.getTime() - lastPurge > 60 * 60_000) {
        lastPurge = now.getTime();
        await jobs.purge(new Date(now.getTime() - JOB_KEPT_MS).toISOString());
      }
      return id;
    }

    function run(id: string, work: (progress: Progress) => Promise<JobPatch>): void {
      const leaseEnd = () => new Date(Date.now() + JOB_LEASE_MS).toISOString();
      let held = true;
      // Progress writes one after the other, the final one last; each renews the lease, and none is written once
      // the claim is lost (another instance took the job after this one's lease ran out).
      let writes: Promise<void> = Promise.resolve();
      const write = (patch: JobPatch, lease: { until: string } | 'release') => {
        writes = writes
          .then(async () => {
            if (held && !(await jobs.updateClaimed(id, claimer, patch, lease))) {
              held = false;
              app.log.warn({ jobId: id }, 'job no longer claimed by this instance: its progress is not written');
            }
          })
          .catch((err: unknown) => app.log.warn({ err, jobId: id }, 'job progress not written'));
        return writes;
      };
      let lastPhase = '';
      let lastWrite = 0;
      const progress: Progress = (phase, done, total) => {
        const now = Date.now();
        if (phase === lastPhase && now - lastWrite < PROGRESS_EVERY_MS && done < total) return;
        lastPhase = phase;
        lastWrite = now;
        void write({ phase, done, total }, { until: leaseEnd() });
      };
      const task = (async () => {
        // Off the request that started it.
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (!(await jobs.claim(id, claimer, leaseEnd(), new Date().toISOString()))) {
          app.log.warn({ jobId: id }, 'job not run: another instance holds it, or it is over');
          return;
        }
        const renewal = setInterval(() => void write({}, { until: leaseEnd() }), LEASE_RENEWAL_MS);
        renewal.unref();
        let final: JobPatch;
        try {
          final = await work(progress);
        } catch (err) {
          app.log.error({ err, jobId: id }, 'job failed');
          final = { state: 'failed', phase: 'failed', error: err instanceof Error ? err.message : String(err), input: null };
        } finally {
          clearInterval(renewal);
        }
        await write(final, 'release');
      })()
        .catch((err: unknown) => app.log.error({ err, jobId: id }, 'job not claimed'))
        .finally(() => running.delete(id));
      running.set(id, task);
    }

    function view(row: JobRow, now = new Date()): Job {
      const job = presentJob(row);
      const final = (FINAL_JOB_STATES as readonly string[]).includes(job.state) || job.state === 'validated';
      // Read from the lease, which every instance sees alike: not from what runs in this process.
      const over = row.lease_until
        ? Date.parse(row.lease_until) <= now.getTime()
        : now.getTime() - Date.parse(job.updatedAt) > STALE_JOB_MS;
      if (!final && over) {
        return { ...job, state: 'failed', error: job.error ?? 'The job was cut short: its server stopped. Start it again.' };
      }
      return job;
    }

    app.decorate('staffJobs', {
      create,
      run,
      view,
      async idle() {
        while (running.size) await Promise.allSettled([...running.values()]);
      },
    });
    app.addHook('onClose', async () => {
      await Promise.allSettled([...running.values()]);
    });
  },
  { name: 'staff-jobs', dependencies: ['repositories'] },
);
