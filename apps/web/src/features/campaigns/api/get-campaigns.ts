import { campaignListResponseSchema, type CampaignListItem } from '@prova/contract/campaigns';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const campaignsQueryKey = ['campaigns', 'list'] as const;

export async function getCampaigns({ signal }: { signal?: AbortSignal } = {}): Promise<CampaignListItem[]> {
  const { campaigns } = await api.get('/usercampaign/list', campaignListResponseSchema, { signal });
  return campaigns;
}

export const campaignsQueryOptions = () =>
  queryOptions({
    queryKey: campaignsQueryKey,
    queryFn: ({ signal }) => getCampaigns({ signal }),
    staleTime: 60 * 1000,
  });

export function useCampaigns(options: { enabled?: boolean } = {}) {
  return useQuery({ ...campaignsQueryOptions(), ...options });
}
