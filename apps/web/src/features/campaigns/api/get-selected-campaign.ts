import { selectedCampaignResponseSchema, type Campaign } from '@prova/contract/campaigns';
import { NO_SELECTED_CAMPAIGN_MESSAGE } from '@prova/contract/errors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiClientError } from '@/lib/api-client';

import { selectedCampaignQueryKey } from '@/lib/campaign-storage';

export async function getSelectedCampaign({ signal }: { signal?: AbortSignal } = {}): Promise<Campaign> {
  const { campaign } = await api.get('/usercampaign', selectedCampaignResponseSchema, { signal });
  return campaign;
}

export const selectedCampaignQueryOptions = () =>
  queryOptions({
    queryKey: selectedCampaignQueryKey,
    queryFn: ({ signal }) => getSelectedCampaign({ signal }),
    staleTime: 60 * 1000,
  });

/** The campaign chosen in this session. */
export function useSelectedCampaign(options: { enabled?: boolean } = {}) {
  return useQuery({ ...selectedCampaignQueryOptions(), ...options });
}

/** The session has no campaign yet: the user must pick one. */
export function isNoSelectedCampaign(error: unknown): boolean {
  return isApiClientError(error) && (error.code === 'NO_SELECTED_CAMPAIGN' || error.message === NO_SELECTED_CAMPAIGN_MESSAGE);
}
