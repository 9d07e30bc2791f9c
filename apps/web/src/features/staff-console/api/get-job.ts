import { STAFF_PATHS } from '@prova/contract/staff';
import { FINAL_JOB_STATES, jobResponseSchema, type Job, type JobState } from '@prova/contract/staff-jobs';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** How often a running job is asked about. */
export const JOB_POLL_MS = 1_000;

/** GET /staff/jobs/{jobId}: where an import or an export is. */
export async function getJob(jobId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Job> {
  const { job } = await api.get(STAFF_PATHS.job(jobId), jobResponseSchema, { signal });
  return job;
}

/** The job waits for nobody but the person: final, or an import validated and waiting for its confirmation. */
export function isJobSettled(state: JobState): boolean {
  return state === 'validated' || (FINAL_JOB_STATES as readonly JobState[]).includes(state);
}

/**
 * Follows a job until it settles. `initial` is the job as the call that started it answered, shown at
 * once; the polling stops by itself once the job is settled.
 */
export function useJob(initial: Job | undefined) {
  const jobId = initial?.id;
  return useQuery({
    queryKey: staffKeys.job(jobId ?? ''),
    queryFn: ({ signal }) => getJob(jobId!, { signal }),
    enabled: jobId !== undefined,
    initialData: initial,
    // The starting answer is only a first sight of the job: ask at once.
    initialDataUpdatedAt: 0,
    refetchInterval: (query) => (query.state.data && isJobSettled(query.state.data.state) ? false : JOB_POLL_MS),
  });
}
