import { AUDIT_PATHS, auditListResponseSchema, type AuditCsvQuery, type AuditQuery } from '@prova/contract/staff-audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE, api } from '@/lib/api-client';
import { staffKeys, toSearch } from './query-keys';

/** GET /staff/audit: who did what and when, filtered and paged. */
export function getAudit(query: AuditQuery, { signal }: { signal?: AbortSignal } = {}) {
  return api.get(`${AUDIT_PATHS.list}${toSearch(query)}`, auditListResponseSchema, { signal });
}

export function useAudit(query: AuditQuery) {
  return useQuery({
    queryKey: staffKeys.audit(query),
    queryFn: ({ signal }) => getAudit(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /staff/audit.csv with the same filters: a plain link, the browser downloads it. */
export const auditCsvHref = (query: AuditCsvQuery) => `${API_BASE}${AUDIT_PATHS.csv}${toSearch(query)}`;
