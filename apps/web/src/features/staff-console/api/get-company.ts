import { STAFF_PATHS } from '@prova/contract/staff';
import { companyResponseSchema, type Company } from '@prova/contract/staff-companies';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** GET /staff/current-company: the company the console works on (the staff's own; the operator's current one). */
export async function getCurrentCompany({ signal }: { signal?: AbortSignal } = {}): Promise<Company> {
  const { company } = await api.get(STAFF_PATHS.currentCompany, companyResponseSchema, { signal });
  return company;
}

export function useCurrentCompany() {
  return useQuery({ queryKey: staffKeys.company(), queryFn: ({ signal }) => getCurrentCompany({ signal }) });
}
