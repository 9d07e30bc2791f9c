import { myDataResponseSchema, type MyDataResponse } from '@prova/contract/personal-data';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';

export const myDataQueryKey = ['me', 'data'] as const;

/** Who saw the person's report and which privacy texts they accepted (GET /me/data). */
export async function getMyData({ signal }: { signal?: AbortSignal } = {}): Promise<MyDataResponse> {
  return api.get('/me/data', myDataResponseSchema, { signal });
}

export function useMyData() {
  return useQuery(queryOptions({ queryKey: myDataQueryKey, queryFn: ({ signal }) => getMyData({ signal }) }));
}

/** The export, a zip the browser downloads itself: a link, sent with the session cookie. */
export const myDataExportHref = `${API_BASE}/me/data-export`;
