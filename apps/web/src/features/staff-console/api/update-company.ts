import { STAFF_PATHS } from '@prova/contract/staff';
import { companyResponseSchema, type CompanyWrite } from '@prova/contract/staff-companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** PUT /companies/{id}: renames the caller's company. */
export async function updateCompany(companyId: number, body: CompanyWrite) {
  const { company } = await apiRequest(`${STAFF_PATHS.companies}/${companyId}`, { method: 'PUT', body, schema: companyResponseSchema });
  return company;
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, body }: { companyId: number; body: CompanyWrite }) => updateCompany(companyId, body),
    onSuccess: (company) => queryClient.setQueryData(staffKeys.company(), company),
  });
}
