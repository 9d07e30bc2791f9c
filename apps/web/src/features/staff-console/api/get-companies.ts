import { STAFF_PATHS } from '@prova/contract/staff';
import { companyListResponseSchema, type Company } from '@prova/contract/staff-companies';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** GET /companies: for the platform's operator, every company. */
export async function getCompanies({ signal }: { signal?: AbortSignal } = {}): Promise<Company[]> {
  const { companies } = await api.get(STAFF_PATHS.companies, companyListResponseSchema, { signal });
  return companies;
}

export function useCompanies({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: staffKeys.companies(), queryFn: ({ signal }) => getCompanies({ signal }), enabled });
}
