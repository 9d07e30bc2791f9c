import { STAFF_PATHS } from '@prova/contract/staff';
import { type LanguageCreate, languageResponseSchema } from '@prova/contract/staff-languages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** POST /languages (a new one) or PUT /languages/{code} (renamed): the operator's only. */
export function saveLanguage({ body, existing }: { body: LanguageCreate; existing: boolean }) {
  return existing
    ? api.put(`${STAFF_PATHS.languages}/${body.lang}`, { name: body.name }, languageResponseSchema)
    : api.post(STAFF_PATHS.languages, body, languageResponseSchema);
}

export function useSaveLanguage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveLanguage, onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.languages() }) });
}
