import { deleteResponseSchema, STAFF_PATHS } from '@prova/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** DELETE /people/{id}: a soft delete. The person can no longer sign in; every result stays. */
export function deactivatePerson(personId: number) {
  return apiRequest(`${STAFF_PATHS.people}/${personId}`, { method: 'DELETE', schema: deleteResponseSchema });
}

export function useDeactivatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivatePerson,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.peopleAll() }),
  });
}
