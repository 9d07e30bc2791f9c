import { STAFF_PATHS } from '@prova/contract/staff';
import { jobResponseSchema, type Job } from '@prova/contract/staff-jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** POST /staff/imports/{jobId}/confirm: writes a validated bundle (202 with the job, now importing). */
export async function confirmImport(jobId: string): Promise<Job> {
  const { job } = await api.post(STAFF_PATHS.confirmImport(jobId), undefined, jobResponseSchema);
  return job;
}

export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmImport,
    onSuccess: (job) => queryClient.setQueryData(staffKeys.job(job.id), job),
  });
}
