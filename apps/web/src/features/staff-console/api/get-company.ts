import { STAFF_PATHS } from '@prova/contract/staff';
import { companyListResponseSchema, type Company } from '@prova/contract/staff-companies';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** GET /companies: staff see their own company only, so the list holds one. */
export async function getOwnCompany({ signal }: { signal?: AbortSignal } = {}): Promise<Company | null> {
  const { companies } = await api.get(STAFF_PATHS.companies, companyListResponseSchema, { signal });
  return companies[0] ?? null;
}

export function useOwnCompany() {
  return useQuery({ queryKey: staffKeys.company(), queryFn: ({ signal }) => getOwnCompany({ signal }) });
}
