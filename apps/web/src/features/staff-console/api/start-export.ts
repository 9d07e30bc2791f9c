import { STAFF_PATHS } from '@prova/contract/staff';
import { jobResponseSchema, type ExportFormat, type Job } from '@prova/contract/staff-jobs';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /staff/campaigns/{campaignId}/exports: answers 202 with the job that writes the file. */
export async function startExport(campaignId: number, format: ExportFormat): Promise<Job> {
  const { job } = await api.post(STAFF_PATHS.exports(campaignId), { format }, jobResponseSchema);
  return job;
}

export function useStartExport(campaignId: number) {
  return useMutation({ mutationFn: (format: ExportFormat) => startExport(campaignId, format) });
}
