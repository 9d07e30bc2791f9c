import { STAFF_PATHS } from '@prova/contract/staff';
import { staffCampaignListResponseSchema, type StaffCampaign } from '@prova/contract/staff-campaigns';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** GET /staff/campaigns: the company's campaigns with their counts. */
export async function getStaffCampaigns({ signal }: { signal?: AbortSignal } = {}): Promise<StaffCampaign[]> {
  const { campaigns } = await api.get(STAFF_PATHS.campaigns, staffCampaignListResponseSchema, { signal });
  return campaigns;
}

/** Read afresh on every visit and when the window gets the focus back: the counts move as people work. */
export function useStaffCampaigns() {
  return useQuery({
    queryKey: staffKeys.campaigns(),
    queryFn: ({ signal }) => getStaffCampaigns({ signal }),
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
  });
}
