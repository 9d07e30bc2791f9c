import { selectCampaignResponseSchema, type SelectCampaignRequest, type SelectCampaignResponse } from '@prova/contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { campaignsQueryKey } from './get-campaigns';

import { selectedCampaignQueryKey } from '@/lib/campaign-storage';

export function selectCampaign({ campaignId, ...body }: SelectCampaignRequest & { campaignId: number }): Promise<SelectCampaignResponse> {
  return api.post(`/usercampaign/${campaignId}`, body, selectCampaignResponseSchema);
}

export function useSelectCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectCampaign,
    onSuccess: ({ campaign }) => {
      queryClient.setQueryData(selectedCampaignQueryKey, campaign);
      // The chosen language and the last access date changed.
      void queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
    },
  });
}
