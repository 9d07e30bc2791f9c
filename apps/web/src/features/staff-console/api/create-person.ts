import { STAFF_PATHS } from '@prova/contract/staff';
import { personResponseSchema, type PersonCreate } from '@prova/contract/staff-people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** POST /people: a new person, without a password (an invitation lets them set one). */
export async function createPerson(body: PersonCreate) {
  const { person } = await api.post(STAFF_PATHS.people, body, personResponseSchema);
  return person;
}

export function useCreatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.peopleAll() }),
  });
}
