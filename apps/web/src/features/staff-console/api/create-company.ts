import { STAFF_PATHS } from '@prova/contract/staff';
import { companyResponseSchema, type CompanyWrite } from '@prova/contract/staff-companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** POST /companies: a new client company (the operator only). */
export async function createCompany(body: CompanyWrite) {
  const { company } = await apiRequest(STAFF_PATHS.companies, { method: 'POST', body, schema: companyResponseSchema });
  return company;
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.companies() }),
  });
}
