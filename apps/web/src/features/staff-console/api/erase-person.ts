import { STAFF_PATHS } from '@prova/contract/staff';
import { erasureResponseSchema } from '@prova/contract/staff-erasure';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** POST /staff/people/{id}/erase: the person's personal data goes for good; `confirm` is their name or e-mail as typed. */
export async function erasePerson(personId: number, confirm: string) {
  const { erasure } = await apiRequest(STAFF_PATHS.erasePerson(personId), {
    method: 'POST',
    body: { confirm },
    schema: erasureResponseSchema,
  });
  return erasure;
}

export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, confirm }: { personId: number; confirm: string }) => erasePerson(personId, confirm),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.peopleAll() }),
        queryClient.invalidateQueries({ queryKey: staffKeys.company() }),
      ]),
  });
}
