import { STAFF_PATHS } from '@prova/contract/staff';
import { progressResponseSchema, type ProgressQuery, type ProgressResponse } from '@prova/contract/staff-campaigns';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { staffKeys, toSearch } from './query-keys';

/** How often the live progress is asked again while the page is open. */
export const PROGRESS_POLL_MS = 5_000;

/** GET /staff/campaigns/{campaignId}/progress: one page of participants, each by test. */
export function getProgress(
  campaignId: number,
  query: ProgressQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProgressResponse> {
  return api.get(`${STAFF_PATHS.progress(campaignId)}${toSearch(query)}`, progressResponseSchema, { signal });
}

/**
 * Live: asked again every few seconds while the tab is visible (react-query pauses the interval in a
 * hidden tab) and as soon as the window gets the focus back. The rows on screen stay while a new
 * filter's answer arrives.
 */
export function useProgress(campaignId: number, query: ProgressQuery) {
  return useQuery({
    queryKey: staffKeys.progress(campaignId, query),
    queryFn: ({ signal }) => getProgress(campaignId, query, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: PROGRESS_POLL_MS,
    refetchOnWindowFocus: true,
  });
}
