import { STAFF_PATHS } from '@prova/contract/staff';
import { companySsoResponseSchema, type CompanySsoWrite, ssoCheckResponseSchema } from '@prova/contract/staff-companies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

// A company's single sign-on, the operator's: read, saved, taken away, and tested before or after saving.

export async function getCompanySso(companyId: number, { signal }: { signal?: AbortSignal } = {}) {
  return (await api.get(STAFF_PATHS.companySso(companyId), companySsoResponseSchema, { signal })).sso;
}

export function useCompanySso(companyId: number) {
  return useQuery({ queryKey: staffKeys.companySso(companyId), queryFn: ({ signal }) => getCompanySso(companyId, { signal }) });
}

export function useSaveCompanySso(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CompanySsoWrite | null) =>
      (
        await apiRequest(STAFF_PATHS.companySso(companyId), {
          method: body ? 'PUT' : 'DELETE',
          body: body ?? undefined,
          schema: companySsoResponseSchema,
        })
      ).sso,
    onSuccess: (sso) => {
      queryClient.setQueryData(staffKeys.companySso(companyId), sso);
      void queryClient.invalidateQueries({ queryKey: staffKeys.companies() });
    },
  });
}

/** POST /companies/{id}/sso/test: what the provider says of these settings. */
export function useTestCompanySso(companyId: number) {
  return useMutation({
    mutationFn: async (body: CompanySsoWrite) =>
      (await apiRequest(STAFF_PATHS.companySsoTest(companyId), { method: 'POST', body, schema: ssoCheckResponseSchema })).check,
  });
}
