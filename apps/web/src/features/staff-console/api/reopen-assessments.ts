import { STAFF_PATHS } from '@prova/contract/staff';
import { type ReopenAssessmentsRequest, reopenAssessmentsResponseSchema } from '@prova/contract/staff-campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** POST /staff/campaigns/{id}/assessments/reopen: a closed campaign's ratings taken again for a while (audited). */
export function useReopenAssessments(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReopenAssessmentsRequest) =>
      apiRequest(STAFF_PATHS.reopenAssessments(campaignId), { method: 'POST', body, schema: reopenAssessmentsResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.campaign(campaignId) }),
  });
}
