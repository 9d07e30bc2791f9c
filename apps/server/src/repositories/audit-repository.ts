import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database';
import type { AuditEventsTable } from '../db/schema';

export type AuditEventRow = Selectable<AuditEventsTable>;

export interface NewAuditEvent {
  at: string;
  event: string;
  actorId?: number | null;
  /** The company the entry concerns; absent: the actor's. */
  companyId?: number | null;
  target?: string | null;
  subjectUserId?: number | null;
  email?: string | null;
  detail?: string | null;
  ip?: string | null;
  route?: string | null;
}

export interface AuditFilter {
  /** Absent: every company's (an operator's view). */
  companyId?: number;
  /** ISO instants, `from` included, `to` excluded. */
  from?: string;
  to?: string;
  events?: readonly string[];
  actorId?: number;
  subjectUserId?: number;
  /** Entries whose target starts with this (`people/12` or `campaigns/5001`). */
  targetPrefix?: string;
}

/** An entry with the name of who acted, as staff read it. */
export interface AuditEventListed extends AuditEventRow {
  actor_first_name: string | null;
  actor_last_name: string | null;
  subject_first_name: string | null;
  subject_last_name: string | null;
}

/** The audit trail: written by plugins/audit.ts for every entry, read by the staff console's trail. */
export function createAuditRepository(db: Db) {
  const filtered = (filter: AuditFilter) => {
    let query = db.selectFrom('audit_events');
    if (filter.companyId !== undefined) query = query.where('audit_events.company_id', '=', filter.companyId);
    if (filter.from) query = query.where('audit_events.at', '>=', filter.from);
    if (filter.to) query = query.where('audit_events.at', '<', filter.to);
    if (filter.events?.length) query = query.where('audit_events.event', 'in', [...filter.events]);
    if (filter.actorId !== undefined) query = query.where('audit_events.actor_id', '=', filter.actorId);
    if (filter.subjectUserId !== undefined) query = query.where('audit_events.subject_user_id', '=', filter.subjectUserId);
    // A prefix compared as text, not LIKE: its % and _ would be wildcards (and SQLite has no default escape).
    if (filter.targetPrefix)
      query = query.where(sql<string>`substr(audit_events.target, 1, ${filter.targetPrefix.length})`, '=', filter.targetPrefix);
    return query;
  };

  return {
    async record(entry: NewAuditEvent): Promise<void> {
      const actorId = entry.actorId ?? null;
      await db
        .insertInto('audit_events')
        .values({
          at: entry.at,
          event: entry.event,
          actor_id: actorId,
          // The actor's company, read in the insert itself: no query of its own on the way.
          company_id:
            entry.companyId !== undefined
              ? entry.companyId
              : actorId === null
                ? null
                : db.selectFrom('users').select('company_id').where('id', '=', actorId),
          target: entry.target ?? null,
          subject_user_id: entry.subjectUserId ?? null,
          email: entry.email ?? null,
          detail: entry.detail ?? null,
          ip: entry.ip ?? null,
          route: entry.route ?? null,
        })
        .execute();
    },

    /** The newest first. */
    async list(filter: AuditFilter, page: { limit: number; offset: number }): Promise<AuditEventListed[]> {
      return filtered(filter)
        .leftJoin('users as actor', 'actor.id', 'audit_events.actor_id')
        .leftJoin('users as subject', 'subject.id', 'audit_events.subject_user_id')
        .selectAll('audit_events')
        .select([
          'actor.first_name as actor_first_name',
          'actor.last_name as actor_last_name',
          'subject.first_name as subject_first_name',
          'subject.last_name as subject_last_name',
        ])
        .orderBy('audit_events.at', 'desc')
        .orderBy('audit_events.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
    },

    async count(filter: AuditFilter): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
