import type { AuditEntry, AuditListResponse } from '@prova/contract/staff-audit';
import { AUDIT_CSV_MAX_ROWS, AUDIT_EVENT_NAMES } from '@prova/contract/staff-audit';
import type { AuditEvent } from '../../plugins/audit';
import type { AuditEventListed, AuditFilter } from '../../repositories/audit-repository';
import type { Repositories } from '../../repositories/create-repositories';
import type { ExportTable } from './exports/export-rows';

// The audit trail as staff read it: their company's entries (an operator's, every company's), the newest first.

// The console's names are events the server records: a name dropped from AuditEvent fails the type check here.
const _named: readonly AuditEvent[] = AUDIT_EVENT_NAMES;

type Repos = Pick<Repositories, 'audit'>;

export interface TrailFilter {
  /** null: every company's. */
  companyId: number | null;
  from?: string;
  to?: string;
  event?: string;
  actorId?: number;
  target?: string;
}

/** Instants as the rows keep them (UTC, `toISOString`), so that text order is time order. */
const utc = (instant: string | undefined) => (instant === undefined ? undefined : new Date(instant).toISOString());

function filterOf(filter: TrailFilter): AuditFilter {
  return {
    ...(filter.companyId === null ? {} : { companyId: filter.companyId }),
    from: utc(filter.from),
    to: utc(filter.to),
    events: filter.event ? [filter.event] : undefined,
    actorId: filter.actorId,
    targetPrefix: filter.target,
  };
}

const nameOf = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { id, name: [first, last].filter(Boolean).join(' ') || `#${id}` };

function present(row: AuditEventListed): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    event: row.event,
    companyId: row.company_id,
    actor: nameOf(row.actor_id, row.actor_first_name, row.actor_last_name),
    target: row.target,
    subject: nameOf(row.subject_user_id, row.subject_first_name, row.subject_last_name),
    email: row.email,
    detail: row.detail,
    ip: row.ip,
  };
}

export async function listAuditTrail(
  repos: Repos,
  filter: TrailFilter,
  page: { page: number; pageSize: number },
): Promise<AuditListResponse> {
  const where = filterOf(filter);
  const [rows, total] = await Promise.all([
    repos.audit.list(where, { limit: page.pageSize, offset: (page.page - 1) * page.pageSize }),
    repos.audit.count(where),
  ]);
  return { status: true, entries: rows.map(present), total, page: page.page, pageSize: page.pageSize };
}

/** The trail as a table for CSV, the newest first, at most AUDIT_CSV_MAX_ROWS rows. */
export async function auditTrailTable(repos: Repos, filter: TrailFilter): Promise<ExportTable> {
  const rows = (await repos.audit.list(filterOf(filter), { limit: AUDIT_CSV_MAX_ROWS, offset: 0 })).map(present);
  return {
    header: ['at', 'event', 'company', 'actor id', 'actor', 'target', 'person id', 'person', 'email', 'detail', 'ip'],
    rows: rows.map((e) => [
      e.at,
      e.event,
      e.companyId,
      e.actor?.id ?? null,
      e.actor?.name ?? null,
      e.target,
      e.subject?.id ?? null,
      e.subject?.name ?? null,
      e.email,
      e.detail,
      e.ip,
    ]),
  };
}
