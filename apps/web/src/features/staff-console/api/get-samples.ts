import { STAFF_PATHS } from '@prova/contract/staff';
import { sampleListResponseSchema, type SampleQuery, type StaffSample } from '@prova/contract/staff-samples';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys, toSearch } from './query-keys';

/** GET /samples: who assesses whom, filtered by campaign and test. */
export async function getSamples(query: SampleQuery, { signal }: { signal?: AbortSignal } = {}): Promise<StaffSample[]> {
  const { samples } = await api.get(`${STAFF_PATHS.samples}${toSearch(query)}`, sampleListResponseSchema, { signal });
  return samples;
}

export function useSamples(query: SampleQuery) {
  return useQuery({
    queryKey: staffKeys.samples(query),
    queryFn: ({ signal }) => getSamples(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
