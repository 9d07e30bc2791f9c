import { type ReportPageContent, reportPageResponseSchema } from '@prova/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';

type Options = { signal?: AbortSignal };

/** GET /report/{campaignId}/page: what the signed-in person's report page shows. A 401/403 sends to login. */
export async function getReportPage(campaignId: number, { signal }: Options = {}): Promise<ReportPageContent> {
  const { page } = await api.get(`/report/${campaignId}/page`, reportPageResponseSchema, { signal });
  return page;
}

/** Links the browser follows to download (the server answers with the PDF itself). */
export const reportDownloadHref = (campaignId: number, userId: number) =>
  `${API_BASE}/report/${campaignId}/individual/hr/${userId}/download`;
export const documentRunHref = (documentId: number, campaignId: number) => `${API_BASE}/reports/${documentId}/run/${campaignId}`;

export type ReportOutcome = { kind: 'loading' } | { kind: 'error'; retry: () => void } | ReportPageContent;

/** Which of the three outcomes the report page shows (a document to download, the report, none): one request. */
export function useReportOutcome(campaignId: number): ReportOutcome {
  const page = useQuery({
    queryKey: ['report', campaignId, 'page'],
    queryFn: ({ signal }) => getReportPage(campaignId, { signal }),
    // Nothing kept once the page is left: results change as tests finish, and a stale 'no report' must not flash.
    gcTime: 0,
  });
  if (page.isError) return { kind: 'error', retry: () => void page.refetch() };
  if (page.isPending) return { kind: 'loading' };
  return page.data;
}
