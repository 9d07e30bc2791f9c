import { z } from './zod';
import { COMPANY_NAME_ERROR, COMPANY_NAME_MAX } from './bundle';
import { trimmedText } from './staff';
import { retentionMonthsSchema } from './staff-erasure';

// companies: GET/PUT the caller's own company. A company is created by the platform's operator
// (`npm run import`), never from the console (POST answers 403); the caller's own company cannot be
// deleted (409 IN_USE: it has people, the caller among them).

/** Where a company without a choice of its own is. */
export const DEFAULT_TIME_ZONE = 'Europe/Rome';
export const TIME_ZONE_ERROR = 'No valid time zone';

/** A time zone the runtime knows by its IANA name (`Europe/Rome`, `America/New_York`). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}
export const timeZoneSchema = z.string().check(z.trim(), z.maxLength(64), z.refine(isTimeZone, TIME_ZONE_ERROR));

export const companySchema = z.object({
  id: z.int(),
  /** The spec's `companyId`: the same number as `id`. */
  companyId: z.int(),
  name: z.string(),
  logo: z.nullable(z.string()),
  /** The company's single sign-on slug (/sso/{slug}), set by the operator; null without SSO. */
  ssoSlug: z.nullable(z.string()),
  /** An IANA time zone: the company's exports give dates on its clock. */
  timeZone: z.string(),
  counts: z.object({ people: z.int(), campaigns: z.int() }),
  /** An erasure keeps the person's results as anonymous rows (true) or removes them (docs/privacy-erasure.md). */
  erasureKeepsResults: z.boolean(),
  /** Months after a campaign's end its people are erased; null: kept until staff erase them. */
  retentionMonths: retentionMonthsSchema,
});
export type Company = z.infer<typeof companySchema>;

/** POST and PUT /companies: the name is required ('No valid company name'). */
export const companyWriteSchema = z.object({
  name: z.string({ error: COMPANY_NAME_ERROR }).check(z.trim(), z.minLength(1, COMPANY_NAME_ERROR), z.maxLength(COMPANY_NAME_MAX)),
  logo: z.nullish(trimmedText(2_000)),
  erasureKeepsResults: z.optional(z.boolean()),
  retentionMonths: z.optional(retentionMonthsSchema),
  timeZone: z.optional(timeZoneSchema),
});
export type CompanyWrite = z.input<typeof companyWriteSchema>;

export const companyListResponseSchema = z.object({ status: z.literal(true), companies: z.array(companySchema) });
export const companyResponseSchema = z.object({ status: z.literal(true), company: companySchema });
export type CompanyListResponse = z.infer<typeof companyListResponseSchema>;
export type CompanyResponse = z.infer<typeof companyResponseSchema>;
