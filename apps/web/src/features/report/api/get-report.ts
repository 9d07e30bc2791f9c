import {
  type PersonalReportResponse,
  personalReportResponseSchema,
  type ReportDocument,
  reportConfigResponseSchema,
  reportHasContent,
  reportListResponseSchema,
} from '@prova/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, api, hasErrorCode } from '@/lib/api-client';

type Options = { signal?: AbortSignal };

/** GET /report/{campaignId}/config: whether this person may have their report now. A 401/403 sends to login. */
export async function getReportConfig(campaignId: number, { signal }: Options = {}) {
  return api.get(`/report/${campaignId}/config`, reportConfigResponseSchema, { signal });
}

/** GET /reports?campaignId=: the documents offered to the caller. */
export async function getReportDocuments(campaignId: number, { signal }: Options = {}): Promise<ReportDocument[]> {
  const { reports } = await api.get(`/reports?campaignId=${campaignId}`, reportListResponseSchema, { signal });
  return reports;
}

/**
 * GET /report/{campaignId}/individual/personal/{userId}: no redirect on 401/403 (the page says there is no report).
 * A report not available yet is a 409 REPORT_NOT_AVAILABLE, never taken for an ended session.
 */
export async function getPersonalReport(
  campaignId: number,
  userId: number,
  { signal }: Options = {},
): Promise<PersonalReportResponse['result']> {
  const { result } = await api.get(`/report/${campaignId}/individual/personal/${userId}`, personalReportResponseSchema, {
    signal,
    silentAuth: true,
  });
  return result;
}

/** Links the browser follows to download (the server answers with the PDF itself). */
export const reportDownloadHref = (campaignId: number, userId: number) =>
  `${API_BASE}/report/${campaignId}/individual/hr/${userId}/download`;
export const documentRunHref = (documentId: number, campaignId: number) => `${API_BASE}/reports/${documentId}/run/${campaignId}`;

export type ReportOutcome =
  | { kind: 'loading' }
  | { kind: 'error'; retry: () => void }
  | { kind: 'document'; document: ReportDocument }
  | { kind: 'individual'; report: PersonalReportResponse['result'] }
  | { kind: 'none' };

/**
 * Which of the three outcomes the report page shows: a campaign document to download, else the
 * individual report, else none. Each call waits for the one before it (config, documents, report).
 */
export function useReportOutcome(campaignId: number, userId: number): ReportOutcome {
  // Nothing kept once the page is left: results change as tests finish, and a stale 'no report' must not flash.
  const fresh = { gcTime: 0 } as const;
  const config = useQuery({
    queryKey: ['report', campaignId, 'config'],
    queryFn: ({ signal }) => getReportConfig(campaignId, { signal }),
    ...fresh,
  });
  const allowed = config.data?.downloadAllowed === true;
  const documents = useQuery({
    queryKey: ['report', campaignId, 'documents'],
    queryFn: ({ signal }) => getReportDocuments(campaignId, { signal }),
    enabled: allowed,
    ...fresh,
  });
  const offered = documents.data?.find((document) => !document.visibleToAssessorsOnly);
  const personal = useQuery({
    queryKey: ['report', campaignId, 'personal', userId],
    queryFn: ({ signal }) => getPersonalReport(campaignId, userId, { signal }),
    enabled: allowed && documents.isSuccess && !offered,
    retry: false,
    ...fresh,
  });

  if (config.isError) return { kind: 'error', retry: () => void config.refetch() };
  if (config.isPending) return { kind: 'loading' };
  if (!allowed) return { kind: 'none' };
  if (documents.isError) return { kind: 'error', retry: () => void documents.refetch() };
  if (documents.isPending) return { kind: 'loading' };
  if (offered) return { kind: 'document', document: offered };
  // Not yet (409 REPORT_NOT_AVAILABLE) is the page's 'no report'; anything else failed, and can be asked again.
  if (personal.isError)
    return hasErrorCode(personal.error, 'REPORT_NOT_AVAILABLE')
      ? { kind: 'none' }
      : { kind: 'error', retry: () => void personal.refetch() };
  if (personal.isPending) return { kind: 'loading' };
  return reportHasContent(personal.data) ? { kind: 'individual', report: personal.data } : { kind: 'none' };
}
