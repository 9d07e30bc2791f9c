import { STAFF_PATHS } from '@prova/contract/staff';
import { languageDeleteResponseSchema } from '@prova/contract/staff-languages';
import type { LangCode } from '@prova/contract/limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** DELETE /languages/selection: the operator's only; one a campaign or a person uses is refused (409 IN_USE). */
export function deleteLanguages(ids: LangCode[]) {
  return apiRequest(`${STAFF_PATHS.languages}/selection`, { method: 'DELETE', body: { ids }, schema: languageDeleteResponseSchema });
}

export function useDeleteLanguages() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteLanguages, onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.languages() }) });
}
