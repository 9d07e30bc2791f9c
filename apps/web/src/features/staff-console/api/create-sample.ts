import { STAFF_PATHS } from '@prova/contract/staff';
import { sampleResponseSchema, type SampleWrite } from '@prova/contract/staff-samples';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** POST /samples: an assessor assigned to a person in a test of a campaign. */
export function createSample(body: SampleWrite) {
  return api.post(STAFF_PATHS.samples, body, sampleResponseSchema);
}

export function useCreateSample() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createSample, onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.samplesAll() }) });
}
