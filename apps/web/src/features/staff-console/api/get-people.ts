import { STAFF_PATHS } from '@prova/contract/staff';
import { personListResponseSchema, type PersonListResponse, type PersonQuery } from '@prova/contract/staff-people';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys, toSearch } from './query-keys';

/** GET /people: one page of the company's people, searched and filtered. */
export function getPeople(query: PersonQuery, { signal }: { signal?: AbortSignal } = {}): Promise<PersonListResponse> {
  return api.get(`${STAFF_PATHS.people}${toSearch(query)}`, personListResponseSchema, { signal });
}

/** The previous page stays on screen while the next one loads, so the list does not jump. */
export function usePeople(query: PersonQuery) {
  return useQuery({
    queryKey: staffKeys.people(query),
    queryFn: ({ signal }) => getPeople(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
