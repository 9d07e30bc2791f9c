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
    // The user and the selected campaign both carry the consent flag; the agreement itself is unchanged.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'privacy' }),
  });
}
