import { STAFF_PATHS } from '@prova/contract/staff';
import { personResponseSchema, type PersonUpdate } from '@prova/contract/staff-people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** PUT /people/{id}: only the fields given change; `{ active: true }` brings a deactivated person back. */
export async function updatePerson(personId: number, body: PersonUpdate) {
  const { person } = await apiRequest(`${STAFF_PATHS.people}/${personId}`, { method: 'PUT', body, schema: personResponseSchema });
  return person;
}

export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, body }: { personId: number; body: PersonUpdate }) => updatePerson(personId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.peopleAll() }),
  });
}
