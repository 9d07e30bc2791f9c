import { z } from './zod';
import { emailSchema } from './auth';
import { COMPANY_NAME_ERROR, COMPANY_NAME_MAX } from './bundle';
import { langSchema } from './common';
import { bodyId, trimmedText } from './staff';
import { personSchema } from './staff-people';
import { retentionMonthsSchema } from './staff-erasure';

// companies: a company's staff (admin, superassessor) GET and PUT their own company; the platform's
// operator (role `operator`) lists, creates, renames, deletes every company (one without people,
// campaigns or tests of its own: 409 IN_USE otherwise), sets its single sign-on and appoints its staff.
// Staff get 403 creating one. What the rest of the console works on is the operator's current company
// (PUT /staff/current-company); for everybody else it is their own.

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

/** The longest logo sent as an image itself (a `data:` URL), about 150 KB of picture. */
export const LOGO_DATA_URL_MAX = 200_000;
export const LOGO_URL_MAX = 2_000;
export const LOGO_ERROR = 'Expected an image URL, a path, or a PNG, JPEG, SVG or WebP image of at most 150 KB';
const LOGO_DATA_URL = /^data:image\/(png|jpeg|svg\+xml|webp);base64,[A-Za-z0-9+/]+=*$/;

/** A logo: an address of the image, or the image itself as a base64 `data:` URL. */
export const logoSchema = z.string({ error: LOGO_ERROR }).check(
  z.trim(),
  z.refine(
    (value) => (value.startsWith('data:') ? value.length <= LOGO_DATA_URL_MAX && LOGO_DATA_URL.test(value) : value.length <= LOGO_URL_MAX),
    {
      error: LOGO_ERROR,
    },
  ),
);

/** POST and PUT /companies: the name is required ('No valid company name'); `logo: null` takes the logo away. */
export const companyWriteSchema = z.object({
  name: z.string({ error: COMPANY_NAME_ERROR }).check(z.trim(), z.minLength(1, COMPANY_NAME_ERROR), z.maxLength(COMPANY_NAME_MAX)),
  logo: z.nullish(logoSchema),
  erasureKeepsResults: z.optional(z.boolean()),
  retentionMonths: z.optional(retentionMonthsSchema),
  timeZone: z.optional(timeZoneSchema),
});
export type CompanyWrite = z.input<typeof companyWriteSchema>;

export const companyListResponseSchema = z.object({ status: z.literal(true), companies: z.array(companySchema) });
export const companyResponseSchema = z.object({ status: z.literal(true), company: companySchema });
export type CompanyListResponse = z.infer<typeof companyListResponseSchema>;
export type CompanyResponse = z.infer<typeof companyResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The operator's current company: what every other console call works on.

/** PUT /staff/current-company (the operator only; anybody else 403). */
export const currentCompanyRequestSchema = z.object({ companyId: bodyId });
export type CurrentCompanyRequest = z.infer<typeof currentCompanyRequestSchema>;

// ---------------------------------------------------------------------------------------------
// A company's single sign-on (the operator only): /companies/{id}/sso

export const SSO_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
export const SSO_SLUG_ERROR = 'Expected a slug of lowercase letters, digits and dashes';

/** What the form sends. A secret left out keeps the one stored (the form never shows it). */
export const companySsoWriteSchema = z.object({
  slug: z
    .string()
    .check(z.trim(), z.toLowerCase(), z.minLength(1, SSO_SLUG_ERROR), z.maxLength(100), z.regex(SSO_SLUG_PATTERN, SSO_SLUG_ERROR)),
  issuer: z.url({ protocol: /^https?$/, error: 'Expected the issuer URL (https://...)' }).check(z.maxLength(1_000)),
  clientId: z.string().check(z.trim(), z.minLength(1, 'Expected the client id'), z.maxLength(500)),
  clientSecret: z.optional(z.string().check(z.maxLength(2_000))),
  emailClaim: z._default(z.string().check(z.trim(), z.minLength(1, 'Expected the claim that holds the e-mail'), z.maxLength(100)), 'email'),
});
export type CompanySsoWrite = z.input<typeof companySsoWriteSchema>;

export const companySsoSchema = z.object({
  slug: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  emailClaim: z.string(),
  /** A client secret is stored (it is never sent back). */
  hasSecret: z.boolean(),
  /** Where the provider must send people back: register it with the provider. */
  redirectUri: z.string(),
});
export type CompanySso = z.infer<typeof companySsoSchema>;

export const companySsoResponseSchema = z.object({ status: z.literal(true), sso: z.nullable(companySsoSchema) });
export type CompanySsoResponse = z.infer<typeof companySsoResponseSchema>;

/**
 * What a connection test found wrong, in the order it looks: the issuer's address, reaching it, its discovery
 * document (`/.well-known/openid-configuration`), then whether the provider knows the client.
 */
export const SSO_CHECK_PROBLEMS = [
  /** http:// is accepted only for a provider on this machine. */
  'INSECURE_ISSUER',
  /** Nothing answered at the issuer (refused, unknown host, no answer in time). */
  'UNREACHABLE',
  /** The discovery document answered with an HTTP error (the status is in `httpStatus`). */
  'DISCOVERY_HTTP_ERROR',
  /** The discovery document is not JSON. */
  'DISCOVERY_NOT_JSON',
  /** The document names another issuer than the one given (`found`). */
  'ISSUER_MISMATCH',
  /** The document lacks an endpoint sign-in needs (`found` names it). */
  'DISCOVERY_INCOMPLETE',
  /** The provider refused the client id and secret (invalid_client). */
  'CLIENT_REJECTED',
  /** No secret was given or stored and the provider wants one. */
  'SECRET_MISSING',
] as const;
export type SsoCheckProblem = (typeof SSO_CHECK_PROBLEMS)[number];

export const ssoCheckSchema = z.object({
  ok: z.boolean(),
  problem: z.nullable(z.enum(SSO_CHECK_PROBLEMS)),
  /** What was found instead, when it says more (an issuer, an endpoint's name). */
  found: z.nullable(z.string()),
  httpStatus: z.nullable(z.int()),
  /** The provider's own words or the network's, for whoever reads the details. */
  detail: z.nullable(z.string()),
  /** The discovery document's address that was read. */
  discoveryUrl: z.string(),
});
export type SsoCheck = z.infer<typeof ssoCheckSchema>;
export const ssoCheckResponseSchema = z.object({ status: z.literal(true), check: ssoCheckSchema });
export type SsoCheckResponse = z.infer<typeof ssoCheckResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Appointing a company's staff (the operator only): POST /companies/{id}/staff

export const APPOINTED_ROLES = ['admin', 'superassessor'] as const;

/** A new person of the company as its admin or superassessor, or one of its people given that role. */
export const staffAppointmentSchema = z.object({
  email: emailSchema,
  firstName: z._default(trimmedText(100), ''),
  lastName: z._default(trimmedText(100), ''),
  lang: z.nullish(langSchema),
  role: z.enum(APPOINTED_ROLES),
  /** Signs in by the company's single sign-on: the mail then carries that link, not a set-password one. */
  hasSSO: z._default(z.boolean(), false),
});
export type StaffAppointment = z.input<typeof staffAppointmentSchema>;

export const staffAppointmentResponseSchema = z.object({
  status: z.literal(true),
  person: personSchema,
  /** How the mail tells them to get in. */
  invitation: z.enum(['set-password', 'sso', 'sign-in']),
});
export type StaffAppointmentResponse = z.infer<typeof staffAppointmentResponseSchema>;

export const companyStaffListResponseSchema = z.object({ status: z.literal(true), staff: z.array(personSchema) });
export type CompanyStaffListResponse = z.infer<typeof companyStaffListResponseSchema>;
