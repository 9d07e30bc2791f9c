import { deleteResponseSchema, STAFF_PATHS } from '@prova/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** DELETE /companies/{id}: only a company that holds nothing goes (409 IN_USE otherwise). */
export async function deleteCompany(companyId: number) {
  await apiRequest(STAFF_PATHS.company(companyId), { method: 'DELETE', schema: deleteResponseSchema });
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.companies() }),
  });
}
