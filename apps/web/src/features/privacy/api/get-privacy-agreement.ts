import { type PrivacyAgreement, privacyAgreementResponseSchema } from '@prova/contract/privacy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const privacyAgreementQueryKey = ['privacy', 'agreement'] as const;

/**
 * The agreement of the selected campaign (HTML written by staff in the campaign bundle), its language and whether the
 * person accepted it; with no campaign selected, the one they accepted last.
 */
export async function getPrivacyAgreement({ signal }: { signal?: AbortSignal } = {}): Promise<PrivacyAgreement> {
  return api.get('/auth/privacy/agreement', privacyAgreementResponseSchema, { signal });
}

export const privacyAgreementQueryOptions = () =>
  queryOptions({
    queryKey: privacyAgreementQueryKey,
    queryFn: ({ signal }) => getPrivacyAgreement({ signal }),
    // Forgotten on leaving: another campaign entered since would otherwise show the earlier one's text a moment.
    gcTime: 0,
  });

export function usePrivacyAgreement() {
  return useQuery(privacyAgreementQueryOptions());
}
