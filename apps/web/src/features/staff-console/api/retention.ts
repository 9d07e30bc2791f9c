import { STAFF_PATHS } from '@prova/contract/staff';
import { campaignRetentionResponseSchema, type CampaignRetention, retentionResponseSchema } from '@prova/contract/staff-erasure';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** GET /staff/retention: who the retention period erases within the month (or is overdue). */
export function useRetentionDue() {
  return useQuery({
    queryKey: staffKeys.retention(),
    queryFn: async () => (await apiRequest(STAFF_PATHS.retention, { schema: retentionResponseSchema })).due,
  });
}

/** PUT /staff/campaigns/{id}/retention: the campaign's own period (null: the company's). */
export function useSetCampaignRetention(campaignId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignRetention) =>
      apiRequest(STAFF_PATHS.campaignRetention(campaignId), { method: 'PUT', body, schema: campaignRetentionResponseSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.campaign(campaignId) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.retention() }),
      ]),
  });
}
