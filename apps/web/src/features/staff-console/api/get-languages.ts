import { STAFF_PATHS } from '@prova/contract/staff';
import { languageListResponseSchema, type StaffLanguage } from '@prova/contract/staff-languages';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** GET /languages: the content languages a test may be written in (the platform's, with the company's use of each). */
export async function getLanguages({ signal }: { signal?: AbortSignal } = {}): Promise<StaffLanguage[]> {
  const { languages } = await api.get(STAFF_PATHS.languages, languageListResponseSchema, { signal });
  return languages;
}

export function useLanguages() {
  return useQuery({ queryKey: staffKeys.languages(), queryFn: ({ signal }) => getLanguages({ signal }) });
}
