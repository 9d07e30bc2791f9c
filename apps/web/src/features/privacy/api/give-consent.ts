import { statusOk } from '@prova/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function giveConsent() {
  return api.post('/auth/privacy/giveConsent', undefined, statusOk);
}

export function useGiveConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: giveConsent,
    // The user, the selected campaign and the agreement (now accepted) all carry the consent.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
