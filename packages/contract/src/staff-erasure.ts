import { z } from './zod';
import { trimmedText } from './staff';

// Erasure and retention of personal data (issue 52; docs/privacy-erasure.md).
//
// POST /api/staff/people/{id}/erase { confirm }: staff erase a person of their company after typing their full name
// or e-mail (`confirm`; anything else is 422 VALIDATION at `confirm`). Their identifying data goes, their sessions
// end, their results stay as anonymous rows or go (the company's `erasureKeepsResults`). It cannot be undone: a
// second erase is 409 CONFLICT. Staff cannot erase themselves (409) nor the platform's operator (403).
//
// Retention: a company's `retentionMonths` (and a campaign's override) erase people a set number of months after
// every campaign of theirs ended, by a daily run; GET /api/staff/retention lists who goes in the next month.

/** Most months a retention period may be (20 years). */
export const RETENTION_MONTHS_MAX = 240;
/** Staff are told this many days before a retention erasure. */
export const RETENTION_NOTICE_DAYS = 30;

export const retentionMonthsSchema = z.nullable(z.int().check(z.minimum(1), z.maximum(RETENTION_MONTHS_MAX)));

/** A retention period as a form's field has it: blank is none, whole months otherwise; undefined when it is neither. */
export function retentionMonthsFromText(text: string): number | null | undefined {
  const trimmed = text.trim();
  const parsed = retentionMonthsSchema.safeParse(trimmed === '' ? null : /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN);
  return parsed.success ? parsed.data : undefined;
}

export const personEraseSchema = z.object({
  /** The person's full name ("first last") or e-mail, as staff type it to confirm. */
  confirm: trimmedText(300).check(z.minLength(1)),
});
export type PersonErase = z.infer<typeof personEraseSchema>;

export const erasureSchema = z.object({
  /** The receipt's id: what the audit trail names, never the person. */
  id: z.string(),
  at: z.string(),
  keptResults: z.boolean(),
  /** By table, how many rows were anonymised or deleted. */
  rows: z.record(z.string(), z.int()),
});
export type Erasure = z.infer<typeof erasureSchema>;
export const erasureResponseSchema = z.object({ status: z.literal(true), erasure: erasureSchema });

/** PUT /api/staff/campaigns/{campaignId}/retention: the campaign's own period (null: the company's). */
export const campaignRetentionSchema = z.object({ retentionMonths: retentionMonthsSchema });
export type CampaignRetention = z.infer<typeof campaignRetentionSchema>;
export const campaignRetentionResponseSchema = z.object({ status: z.literal(true), retentionMonths: retentionMonthsSchema });

export const retentionDueSchema = z.object({
  userId: z.int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** When the daily run erases them (the day it runs from then on). */
  eraseOn: z.string(),
  /** When staff were mailed about it; null until the run has told them. */
  notifiedAt: z.nullable(z.string()),
});
export type RetentionDue = z.infer<typeof retentionDueSchema>;
export const retentionResponseSchema = z.object({ status: z.literal(true), due: z.array(retentionDueSchema) });
export type RetentionResponse = z.infer<typeof retentionResponseSchema>;

/**
 * Whether what staff typed names the person: their full name or their e-mail, in any case and spacing. The console
 * enables its button with it, the server refuses anything else (422 at `confirm`).
 */
export function erasureConfirmed(typed: string, person: { email: string; firstName: string; lastName: string }): boolean {
  const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  const confirmation = normal(typed);
  if (!confirmation) return false;
  const fullName = normal(`${person.firstName} ${person.lastName}`);
  return confirmation === normal(person.email) || (fullName !== '' && confirmation === fullName);
}
