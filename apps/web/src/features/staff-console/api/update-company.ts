import { STAFF_PATHS } from '@prova/contract/staff';
import { companyResponseSchema, type CompanyWrite } from '@prova/contract/staff-companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** PUT /companies/{id}: renames a company, or sets its logo. */
export async function updateCompany(companyId: number, body: CompanyWrite) {
  const { company } = await apiRequest(STAFF_PATHS.company(companyId), { method: 'PUT', body, schema: companyResponseSchema });
  return company;
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, body }: { companyId: number; body: CompanyWrite }) => updateCompany(companyId, body),
    onSuccess: (company) => {
      if (queryClient.getQueryData<{ id: number }>(staffKeys.company())?.id === company.id)
        queryClient.setQueryData(staffKeys.company(), company);
      void queryClient.invalidateQueries({ queryKey: staffKeys.companies() });
    },
  });
}
