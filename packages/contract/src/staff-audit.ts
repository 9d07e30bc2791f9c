import { z } from './zod';
import { idSchema } from './common';
import { pageInfoSchema, pageQuerySchema } from './staff';

// The audit trail as staff read it (docs/staff-api.md, "The audit trail"): who did what and when in their company,
// filtered and paged, or downloaded as CSV. An operator reads the company they manage, or every company's.

export const AUDIT_PATHS = { list: '/staff/audit', csv: '/staff/audit.csv' } as const;

/**
 * The events the console names in plain words (its filter offers these). The server's `AuditEvent`
 * (plugins/audit.ts) is the one list of what is recorded; an event missing here still shows, by its name.
 */
export const AUDIT_EVENT_NAMES = [
  'sign-in',
  'sign-in-failed',
  'sign-in-throttled',
  'password-reset-requested',
  'password-changed',
  'password-must-be-set',
  'sso-sign-in',
  'sso-failed',
  'refused',
  'other-company-refused',
  'staff-created',
  'staff-updated',
  'staff-deleted',
  'staff-import-uploaded',
  'staff-import-confirmed',
  'staff-invited',
  'staff-test-reset',
  'staff-export-started',
  'staff-file-downloaded',
  'staff-report-downloaded',
  'staff-assessments-reopened',
] as const;
export type AuditEventName = (typeof AUDIT_EVENT_NAMES)[number];

/** Most rows one CSV download holds (the newest first): a narrower filter gives the rest. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

const instant = z.iso.datetime({ offset: true, error: 'Expected an ISO 8601 instant, e.g. 2026-11-02T00:00:00+01:00' });

const auditFilterShape = {
  /** From this instant (included) to `to` (excluded). */
  from: z.optional(instant),
  to: z.optional(instant),
  /** One event's name. */
  event: z.optional(z.string().check(z.regex(/^[a-z0-9-]{1,64}$/, 'Expected an event name'))),
  /** Who acted: a person of the company. */
  actorId: z.optional(idSchema),
  /** What it was done to, from its start: `people/12`, `campaigns/5001`. */
  target: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  /** `all`: every company's entries, the operator's only (403 for other staff). */
  scope: z._default(z.enum(['company', 'all']), 'company'),
};

export const auditQuerySchema = z.extend(pageQuerySchema, auditFilterShape);
export type AuditQuery = z.input<typeof auditQuerySchema>;
export const auditCsvQuerySchema = z.object(auditFilterShape);
export type AuditCsvQuery = z.input<typeof auditCsvQuerySchema>;

const personNameSchema = z.object({ id: z.int(), name: z.string() });

export const auditEntrySchema = z.object({
  id: z.int(),
  at: z.string(),
  event: z.string(),
  /** The company it concerns; null: nobody's (a failed sign-in with an unknown address). */
  companyId: z.nullable(z.int()),
  /** Who acted (null: nobody signed in). */
  actor: z.nullable(personNameSchema),
  target: z.nullable(z.string()),
  /** The person it was about, where there is one. */
  subject: z.nullable(personNameSchema),
  /** Masked, as logged. */
  email: z.nullable(z.string()),
  detail: z.nullable(z.string()),
  ip: z.nullable(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.extend(pageInfoSchema, {
  status: z.literal(true),
  entries: z.array(auditEntrySchema),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
