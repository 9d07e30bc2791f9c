import { deleteResponseSchema, STAFF_PATHS } from '@prova/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** DELETE /samples/selection: all or nothing (409 IN_USE for a sample whose assessor has rated). */
export function deleteSamples(ids: number[]) {
  return apiRequest(`${STAFF_PATHS.samples}/selection`, { method: 'DELETE', body: { ids }, schema: deleteResponseSchema });
}

export function useDeleteSamples() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteSamples, onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.samplesAll() }) });
}
