import { STAFF_PATHS } from '@prova/contract/staff';
import { staffCampaignResponseSchema, type StaffCampaignResponse } from '@prova/contract/staff-campaigns';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { PROGRESS_POLL_MS } from './get-progress';
import { staffKeys } from './query-keys';

/** GET /staff/campaigns/{campaignId}: one campaign, its counts and its tests. */
export function getStaffCampaign(campaignId: number, { signal }: { signal?: AbortSignal } = {}): Promise<StaffCampaignResponse> {
  return api.get(STAFF_PATHS.campaign(campaignId), staffCampaignResponseSchema, { signal });
}

/** Its counts move with the progress below them: asked again as often. */
export function useStaffCampaign(campaignId: number) {
  return useQuery({
    queryKey: staffKeys.campaign(campaignId),
    queryFn: ({ signal }) => getStaffCampaign(campaignId, { signal }),
    refetchInterval: PROGRESS_POLL_MS,
    refetchOnWindowFocus: true,
  });
}
