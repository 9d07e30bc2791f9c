import { storageResponseSchema } from '@prova/contract/agenda';
import type { Campaign } from '@prova/contract/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/** The selected campaign's query: read by the campaigns feature, updated here when the storage is saved. */
export const selectedCampaignQueryKey = ['campaigns', 'selected'] as const;

/** PATCH /v2/campaigns/{campaignId}/storage: the person's whole layout storage (agenda days, tutorial seen). */
export async function saveCampaignStorage(campaignId: number, data: Record<string, unknown>) {
  const { storage } = await api.patch(`/v2/campaigns/${campaignId}/storage`, { data }, storageResponseSchema);
  return storage;
}

/** Saves the storage and, once the server holds it, updates the selected campaign everyone reads. */
export function useSaveCampaignStorage(campaign: Campaign) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: Record<string, unknown>) => saveCampaignStorage(campaign.id, data),
    onSuccess: (storage) => {
      queryClient.setQueryData<Campaign>(selectedCampaignQueryKey, (current) => (current ? { ...current, storage } : current));
    },
  });
}
