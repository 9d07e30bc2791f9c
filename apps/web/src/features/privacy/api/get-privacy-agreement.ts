import { privacyAgreementResponseSchema } from '@prova/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const privacyAgreementQueryKey = ['privacy', 'agreement'] as const;

/** The agreement of the selected campaign, as HTML written by staff in the campaign bundle. */
export async function getPrivacyAgreement({ signal }: { signal?: AbortSignal } = {}): Promise<string> {
  const { privacy } = await api.get('/auth/privacy/agreement', privacyAgreementResponseSchema, { signal });
  return privacy;
}

export const privacyAgreementQueryOptions = () =>
  queryOptions({ queryKey: privacyAgreementQueryKey, queryFn: ({ signal }) => getPrivacyAgreement({ signal }) });

export function usePrivacyAgreement() {
  return useQuery(privacyAgreementQueryOptions());
}
