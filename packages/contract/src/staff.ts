import { z } from './zod';
import { idSchema, wholeNumberTextSchema } from './common';
import { DB_INT_MAX } from './limits';

// The staff console's API: what admins and superassessors (the staff roles) call to run their
// company's campaigns. docs/staff-api.md tells the rules; in short:
//
// - Every route here is for staff only: anyone else signed in gets 403 FORBIDDEN. Staff reach their
//   own company only: another company's ids answer 404 NOT_FOUND, as elsewhere in the API, so nobody
//   learns what another company has. admin and superassessor may do the same things.
// - A body that breaks its schema answers 422 VALIDATION with `errors: [{ path, message }]`
//   ('No valid company name', 'No valid Test name' word for word); a malformed path or query 400.
// - Saves and deletes answer `status: true` (the spec's status flag).
// - 409 IN_USE: refused because results would be lost (a test with progress, an assignment with
//   ratings); 409 CONFLICT: the same e-mail, abbreviation, assignment exists, or a job is not in
//   the state the call needs.
// - Long work (imports, exports) runs as a job: the call answers 202 with the job, then
//   GET /api/staff/jobs/{jobId} tells its progress until `state` is final.
//
// The generic resources of spec 7 live at /api/{companies,languages,usertests,samples,people}; the
// campaign operations under /api/staff. Each resource's schemas are in its own `staff-<resource>.ts`; this file
// holds what they share and the console's paths.

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** Most ids one DELETE /{endpoint}/selection may name. */
export const SELECTION_MAX = 500;
/** Default and largest page of a list that pages. */
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;
/** Largest bundle the console uploads (the rest of the API takes 1 MiB). */
export const BUNDLE_UPLOAD_MAX_BYTES = 16 * 1024 * 1024;
/** A bundle uploaded as a zip (bundle.json and the packages its tests name), `application/zip`. */
export const BUNDLE_ZIP_UPLOAD_MAX_BYTES = 64 * 1024 * 1024;
/** A set-password link sent with an invitation stays valid this long (a reset link: one hour). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** An id in a JSON body: a positive whole number the database can hold. */
export const bodyId = z.int().check(z.positive(), z.maximum(DB_INT_MAX));
/** A free text of the console's forms, trimmed, at most `max` characters. */
export const trimmedText = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/** `?companyId=`: optional; when given it must be the caller's company (another one is 404). */
export const companyScopeQuerySchema = z.object({ companyId: z.optional(idSchema) });
export type CompanyScopeQuery = z.infer<typeof companyScopeQuerySchema>;

/** Paging of long lists: `page` from 1. */
export const pageQuerySchema = z.object({
  page: z._default(wholeNumberTextSchema(1, 100_000), 1),
  pageSize: z._default(wholeNumberTextSchema(1, PAGE_SIZE_MAX), PAGE_SIZE_DEFAULT),
});

export const pageInfoSchema = z.object({
  /** Items matching the filters, over all pages. */
  total: z.int().check(z.minimum(0)),
  page: z.int().check(z.minimum(1)),
  pageSize: z.int().check(z.minimum(1)),
});

/** DELETE /{endpoint}/selection: the ids to delete (numbers; language codes for languages). */
export const selectionRequestSchema = z.object({ ids: z.array(bodyId).check(z.minLength(1), z.maxLength(SELECTION_MAX)) });
export type SelectionRequest = z.infer<typeof selectionRequestSchema>;

/**
 * Answer of a delete of one or of a selection. A selection is all or nothing: if one id is another
 * company's (404) or in use (409), nothing is deleted.
 */
export const deleteResponseSchema = z.object({ status: z.literal(true), deleted: z.array(z.int()) });
export type DeleteResponse = z.infer<typeof deleteResponseSchema>;

/** Who did something, as the console shows it. */
export const staffPersonRefSchema = z.object({ id: z.int(), firstName: z.string(), lastName: z.string(), email: z.string() });
export type StaffPersonRef = z.infer<typeof staffPersonRefSchema>;

// ---------------------------------------------------------------------------------------------
// Paths, for the console's API client.

export const STAFF_PATHS = {
  companies: '/companies',
  company: (companyId: number) => `/companies/${companyId}`,
  companySso: (companyId: number) => `/companies/${companyId}/sso`,
  companySsoTest: (companyId: number) => `/companies/${companyId}/sso/test`,
  companyStaff: (companyId: number) => `/companies/${companyId}/staff`,
  currentCompany: '/staff/current-company',
  languages: '/languages',
  tests: '/usertests',
  samples: '/samples',
  people: '/people',
  campaigns: '/staff/campaigns',
  campaign: (campaignId: number) => `/staff/campaigns/${campaignId}`,
  progress: (campaignId: number) => `/staff/campaigns/${campaignId}/progress`,
  invitations: (campaignId: number) => `/staff/campaigns/${campaignId}/invitations`,
  reset: (campaignId: number, userId: number, testId: number) =>
    `/staff/campaigns/${campaignId}/participants/${userId}/tests/${testId}/reset`,
  exports: (campaignId: number) => `/staff/campaigns/${campaignId}/exports`,
  reportPdf: (campaignId: number, userId: number) => `/staff/campaigns/${campaignId}/participants/${userId}/report.pdf`,
  responses: (campaignId: number, userId: number, testId: number) =>
    `/staff/campaigns/${campaignId}/participants/${userId}/tests/${testId}/responses`,
  imports: '/staff/imports',
  confirmImport: (jobId: string) => `/staff/imports/${jobId}/confirm`,
  jobs: '/staff/jobs',
  job: (jobId: string) => `/staff/jobs/${jobId}`,
  jobFile: (jobId: string) => `/staff/jobs/${jobId}/file`,
  erasePerson: (personId: number) => `/staff/people/${personId}/erase`,
  retention: '/staff/retention',
  campaignRetention: (campaignId: number) => `/staff/campaigns/${campaignId}/retention`,
  reopenAssessments: (campaignId: number) => `/staff/campaigns/${campaignId}/assessments/reopen`,
} as const;
