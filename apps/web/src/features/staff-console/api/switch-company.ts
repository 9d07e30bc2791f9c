import { STAFF_PATHS } from '@prova/contract/staff';
import { companyResponseSchema } from '@prova/contract/staff-companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** PUT /staff/current-company: the operator's console works on this company from now on. */
export async function switchCompany(companyId: number) {
  const { company } = await apiRequest(STAFF_PATHS.currentCompany, { method: 'PUT', body: { companyId }, schema: companyResponseSchema });
  return company;
}

export function useSwitchCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchCompany,
    onSuccess: async (company) => {
      // Everything the console read was the previous company's.
      await queryClient.cancelQueries({ queryKey: staffKeys.all });
      queryClient.removeQueries({ queryKey: staffKeys.all });
      queryClient.setQueryData(staffKeys.company(), company);
    },
  });
}
