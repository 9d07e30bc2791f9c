import { deleteResponseSchema, STAFF_PATHS } from '@prova/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** DELETE /usertests/selection: all or nothing (409 IN_USE for a test holding results, CONFLICT for one not the company's). */
export function deleteTests(companyId: number, ids: number[]) {
  return apiRequest(`${STAFF_PATHS.tests}/selection?companyId=${companyId}`, {
    method: 'DELETE',
    body: { ids },
    schema: deleteResponseSchema,
  });
}

export function useDeleteTests(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => deleteTests(companyId, ids),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.managedTests() }),
  });
}
