import { z } from './zod';
import { emailSchema, roleSchema } from './auth';
import { COMPANY_NAME_ERROR, COMPANY_NAME_MAX, type LocalizedText, TEST_NAME_ERROR } from './bundle';
import { idSchema, langSchema, wholeNumberTextSchema } from './common';
import { contentPackageKindSchema } from './content';
import { DB_INT_MAX } from './limits';
import { testStatusSchema } from './tests';

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
// campaign operations under /api/staff.

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
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

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
// companies: GET/PUT the caller's own company. A company is created by the platform's operator
// (`npm run import`), never from the console (POST answers 403); the caller's own company cannot be
// deleted (409 IN_USE: it has people, the caller among them).

export const companySchema = z.object({
  id: z.int(),
  /** The spec's `companyId`: the same number as `id`. */
  companyId: z.int(),
  name: z.string(),
  logo: z.nullable(z.string()),
  /** The company's single sign-on slug (/sso/{slug}), set by the operator; null without SSO. */
  ssoSlug: z.nullable(z.string()),
  counts: z.object({ people: z.int(), campaigns: z.int() }),
});
export type Company = z.infer<typeof companySchema>;

/** POST and PUT /companies: the name is required ('No valid company name'). */
export const companyWriteSchema = z.object({
  name: z.string({ error: COMPANY_NAME_ERROR }).check(z.trim(), z.minLength(1, COMPANY_NAME_ERROR), z.maxLength(COMPANY_NAME_MAX)),
  logo: z.nullish(text(2_000)),
});
export type CompanyWrite = z.input<typeof companyWriteSchema>;

export const companyListResponseSchema = z.object({ status: z.literal(true), companies: z.array(companySchema) });
export const companyResponseSchema = z.object({ status: z.literal(true), company: companySchema });
export type CompanyListResponse = z.infer<typeof companyListResponseSchema>;
export type CompanyResponse = z.infer<typeof companyResponseSchema>;

// ---------------------------------------------------------------------------------------------
// languages: the platform's list of content languages (the three codes the interface knows), shared
// by every company. Staff read it and may rename a language; a code outside IT_it, EN_en, ES_es is a
// 422; a language a campaign or a person uses cannot be deleted (409 IN_USE). The `{id}` is the code.

export const staffLanguageSchema = z.object({
  /** The code, also the resource's id in paths. */
  id: langSchema,
  lang: langSchema,
  name: z.string(),
  /** Campaigns of the caller's company offering it. */
  campaigns: z.int(),
});
export type StaffLanguage = z.infer<typeof staffLanguageSchema>;

export const languageParamsSchema = z.object({ id: langSchema });
export const languageCreateSchema = z.object({
  lang: langSchema,
  name: z.string().check(z.trim(), z.minLength(1, 'Expected the language name'), z.maxLength(100)),
});
export const languageUpdateSchema = z.pick(languageCreateSchema, { name: true });
export const languageSelectionSchema = z.object({ ids: z.array(langSchema).check(z.minLength(1), z.maxLength(SELECTION_MAX)) });
export type LanguageCreate = z.infer<typeof languageCreateSchema>;
export type LanguageUpdate = z.infer<typeof languageUpdateSchema>;

export const languageListResponseSchema = z.object({ status: z.literal(true), languages: z.array(staffLanguageSchema) });
export const languageResponseSchema = z.object({ status: z.literal(true), language: staffLanguageSchema });
export const languageDeleteResponseSchema = z.object({ status: z.literal(true), deleted: z.array(langSchema) });

// ---------------------------------------------------------------------------------------------
// tests (endpoint usertests). GET /usertests and GET /usertests/{id} WITHOUT `companyId` keep their
// candidate meaning (the tests of the caller's selected campaign, tests.ts). Staff WITH
// `?companyId=<their company>` get the tests as managed resources: the company's own tests (created
// from the console) and every test its campaigns use. POST, PUT and DELETE are staff only.
// A test also used by another company's campaign, or a platform test nobody owns that another company
// uses, is `editable: false`: PUT and DELETE answer 409 CONFLICT. A test any campaign has progress or
// outcomes in cannot be deleted (409 IN_USE); one only listed in the company's campaigns is taken off
// them with it.

/** Longest test name, in each language. */
export const TEST_NAME_MAX = 200;

/** A text in every language, or `{ IT_it, EN_en, ES_es }` (any of them), stored in the object form. */
const localizedInput = (max: number, error?: string) =>
  z.pipe(
    z.union(
      [
        z.string().check(z.maxLength(max)),
        z.strictObject({
          IT_it: z.optional(z.string().check(z.maxLength(max))),
          EN_en: z.optional(z.string().check(z.maxLength(max))),
          ES_es: z.optional(z.string().check(z.maxLength(max))),
        }),
      ],
      error ? { error } : undefined,
    ),
    z.transform((value): LocalizedText => (typeof value === 'string' ? { IT_it: value } : value)),
  );

/** A test's name: missing, blank or of the wrong kind is 'No valid Test name'. */
export const testNameSchema = localizedInput(TEST_NAME_MAX, TEST_NAME_ERROR).check(
  z.refine((text) => Object.values(text).some((v) => v !== undefined && v.trim() !== ''), { error: TEST_NAME_ERROR }),
);

/**
 * POST and PUT /usertests: a test as the console edits it, the fields of the bundle's test record
 * (docs/bundle-format.md) that staff set by hand. `id` is optional on create (the next free id) and
 * ignored on update; an agenda preview and 360 labels come with bundles only. HTML in texts is cleaned.
 */
export const testWriteSchema = z.object({
  id: z.optional(bodyId),
  abbreviation: z
    .string({ error: 'Expected an abbreviation' })
    .check(z.trim(), z.minLength(1, 'Expected an abbreviation'), z.maxLength(64)),
  name: testNameSchema,
  description: z.optional(localizedInput(20_000)),
  instructions: z.optional(localizedInput(20_000)),
  url: z.string({ error: 'Expected a URL or a path' }).check(z.trim(), z.minLength(1, 'Expected a URL or a path'), z.maxLength(2_000)),
  img: z.nullish(z.string().check(z.maxLength(2_000))),
  label: z.nullish(z.string().check(z.maxLength(200))),
  repeatable: z._default(z.boolean(), false),
  legacy: z._default(z.boolean(), false),
  jsonData: z._default(
    z.looseObject({
      duration: z.optional(z.number().check(z.nonnegative(), z.maximum(100_000))),
      hasTimer: z.optional(z.boolean()),
      exitMessage: z.optional(localizedInput(2_000)),
      color: z.optional(z.string().check(z.maxLength(32))),
      image: z.optional(z.string().check(z.maxLength(2_000))),
      prerequisites: z.optional(z.array(bodyId).check(z.maxLength(100))),
      options: z.optional(z.record(z.string(), z.unknown())),
    }),
    {},
  ),
  theme: z.nullish(
    z.strictObject({ tag: z.optional(z.string().check(z.maxLength(100))), duration: z.optional(z.string().check(z.maxLength(100))) }),
  ),
  /** The scoring script, run on the server (it must define computeOutcomes). */
  algorithm: z.optional(z.string().check(z.maxLength(200_000))),
});
export type TestWrite = z.input<typeof testWriteSchema>;

export const managedTestSchema = z.object({
  id: z.int(),
  abbreviation: z.string(),
  /** Texts as stored, by language. */
  name: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  instructions: z.record(z.string(), z.string()),
  url: z.string(),
  img: z.nullable(z.string()),
  label: z.nullable(z.string()),
  repeatable: z.boolean(),
  legacy: z.boolean(),
  jsonData: z.record(z.string(), z.unknown()),
  theme: z.nullable(z.record(z.string(), z.unknown())),
  labels360: z.nullable(z.array(z.record(z.string(), z.unknown()))),
  hasAlgorithm: z.boolean(),
  /** The company that created it from the console; null for a test imported from a bundle. */
  ownerCompanyId: z.nullable(z.int()),
  /** The caller's company's campaigns that use it. */
  campaignIds: z.array(z.int()),
  /** The caller may change and delete it (not shared with another company). */
  editable: z.boolean(),
});
export type ManagedTest = z.infer<typeof managedTestSchema>;

export const managedTestListResponseSchema = z.object({ status: z.literal(true), tests: z.array(managedTestSchema) });
export const managedTestResponseSchema = z.object({ status: z.literal(true), test: managedTestSchema });
export type ManagedTestListResponse = z.infer<typeof managedTestListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// samples: who assesses whom, in which test of which campaign (the bundle's `assessments`). An
// assessor loads their samples with GET /users/assessed/{campaignId}/{testId}; staff manage them here.
// Both people must take part in the campaign, the assessor must have an assessor role (Assessor or
// staff) and the test must be the campaign's. A sample whose assessor has recorded ratings cannot be
// deleted or moved (409 IN_USE): the ratings would stop counting without anyone noticing.

export const sampleQuerySchema = z.extend(companyScopeQuerySchema, {
  campaignId: z.optional(idSchema),
  testId: z.optional(idSchema),
  assessorId: z.optional(idSchema),
  assessedId: z.optional(idSchema),
});
export type SampleQuery = z.infer<typeof sampleQuerySchema>;

export const staffSampleSchema = z.object({
  id: z.int(),
  campaignId: z.int(),
  testId: z.int(),
  testName: z.string(),
  assessor: staffPersonRefSchema,
  assessed: staffPersonRefSchema,
  /** The assessor has recorded ratings about this person in this test. */
  rated: z.boolean(),
});
export type StaffSample = z.infer<typeof staffSampleSchema>;

export const sampleWriteSchema = z.object({ campaignId: bodyId, testId: bodyId, assessorId: bodyId, assessedId: bodyId });
export type SampleWrite = z.infer<typeof sampleWriteSchema>;

export const sampleListResponseSchema = z.object({ status: z.literal(true), samples: z.array(staffSampleSchema) });
export const sampleResponseSchema = z.object({ status: z.literal(true), sample: staffSampleSchema });

// ---------------------------------------------------------------------------------------------
// people (endpoint people): the company's users. Created without a password: an invitation (or their
// first sign-in) mails them a link to set one. DELETE deactivates (a soft delete): the person can no
// longer sign in, their sessions end, and every result stays; PUT { active: true } brings them back.
// Staff cannot deactivate themselves nor take away their own staff role (409 CONFLICT).

export const personSchema = z.object({
  id: z.int(),
  companyId: z.int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.nullable(z.enum(['M', 'F'])),
  lang: z.nullable(langSchema),
  role: roleSchema,
  hasSSO: z.boolean(),
  /** A password is set; false for people imported or created without one. */
  hasPassword: z.boolean(),
  active: z.boolean(),
  deactivatedAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** The company's campaigns they take part in. */
  campaignIds: z.array(z.int()),
});
export type Person = z.infer<typeof personSchema>;

export const personQuerySchema = z.extend(z.extend(companyScopeQuerySchema, pageQuerySchema.shape), {
  /** Part of the first name, last name or e-mail, any case. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  role: z.optional(roleSchema),
  campaignId: z.optional(idSchema),
  /** `yes`: active only (the default), `no`: deactivated only, `all`. */
  active: z._default(z.enum(['yes', 'no', 'all']), 'yes'),
});
export type PersonQuery = z.input<typeof personQuerySchema>;

export const personCreateSchema = z.object({
  email: emailSchema,
  firstName: z._default(text(100), ''),
  lastName: z._default(text(100), ''),
  gender: z.nullish(z.enum(['M', 'F'])),
  lang: z.nullish(langSchema),
  role: z._default(roleSchema, 'user'),
  hasSSO: z._default(z.boolean(), false),
});
export type PersonCreate = z.input<typeof personCreateSchema>;

/** PUT /people/{id}: only the fields given change. */
export const personUpdateSchema = z.object({
  email: z.optional(emailSchema),
  firstName: z.optional(text(100)),
  lastName: z.optional(text(100)),
  gender: z.nullish(z.enum(['M', 'F'])),
  lang: z.nullish(langSchema),
  role: z.optional(roleSchema),
  hasSSO: z.optional(z.boolean()),
  active: z.optional(z.boolean()),
});
export type PersonUpdate = z.infer<typeof personUpdateSchema>;

export const personListResponseSchema = z.extend(pageInfoSchema, { status: z.literal(true), people: z.array(personSchema) });
export const personResponseSchema = z.object({ status: z.literal(true), person: personSchema });
export type PersonListResponse = z.infer<typeof personListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Campaigns (GET /api/staff/campaigns, GET /api/staff/campaigns/{campaignId})

export const staffCampaignParamsSchema = z.object({ campaignId: idSchema });

export const staffCampaignTestSchema = z.object({
  id: z.int(),
  abbreviation: z.string(),
  /** In the caller's language. */
  name: z.string(),
  /** Filled in by assessors about candidates; not counted in a participant's own progress. */
  assessorTest: z.boolean(),
  /** Content the platform plays itself (bundle `package`); absent for a web app. A QTI one has responses to read. */
  packageKind: z.optional(contentPackageKindSchema),
});

export const staffCampaignSchema = z.object({
  id: z.int(),
  /** In the caller's language. */
  name: z.string(),
  status: z.enum(['ACTIVE', 'COMPLETED', 'REPORT']),
  theme: z.string(),
  languages: z.array(langSchema),
  dateStart: z.string(),
  dateEnd: z.string(),
  /** `upcoming` before dateStart, `open`, `ended` after dateEnd (reports may still be read). */
  phase: z.enum(['upcoming', 'open', 'ended']),
  is360: z.boolean(),
  counts: z.object({
    participants: z.int(),
    tests: z.int(),
    invited: z.int(),
    /** Participants who have completed all their own tests. */
    finished: z.int(),
    /** Participants who have begun at least one test. */
    started: z.int(),
  }),
});
export type StaffCampaign = z.infer<typeof staffCampaignSchema>;

export const staffCampaignListResponseSchema = z.object({ status: z.literal(true), campaigns: z.array(staffCampaignSchema) });
export const staffCampaignResponseSchema = z.object({
  status: z.literal(true),
  campaign: staffCampaignSchema,
  tests: z.array(staffCampaignTestSchema),
});
export type StaffCampaignResponse = z.infer<typeof staffCampaignResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Live progress: GET /api/staff/campaigns/{campaignId}/progress

/** Statuses of a participant in a test ('not attempted' is "not started"). */
export const progressStatusSchema = testStatusSchema;

export const progressQuerySchema = z.extend(pageQuerySchema, {
  /** Only participants with this status in `testId`, or in at least one of their tests without it. */
  status: z.optional(progressStatusSchema),
  testId: z.optional(idSchema),
  /** Part of the first name, last name or e-mail, any case. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  /** `yes` invited, `no` not yet. */
  invited: z.optional(z.enum(['yes', 'no'])),
  /** Only people with this role (e.g. `user` for candidates). */
  role: z.optional(roleSchema),
  sort: z._default(z.enum(['name', 'lastActivity']), 'name'),
});
export type ProgressQuery = z.input<typeof progressQuerySchema>;

export const progressCellSchema = z.object({
  testId: z.int(),
  status: progressStatusSchema,
  startedAt: z.nullable(z.string()),
  /** Last save in this test. */
  updatedAt: z.nullable(z.string()),
  /** Earlier attempts kept in the history (a repeat, a reset). */
  previousAttempts: z.int().check(z.minimum(0)),
});
export type ProgressCell = z.infer<typeof progressCellSchema>;

export const progressRowSchema = z.object({
  user: z.extend(staffPersonRefSchema, { role: roleSchema, lang: z.nullable(langSchema), active: z.boolean(), hasPassword: z.boolean() }),
  /** One per test of `tests`, in the same order (assessor tests and the 360 questionnaire are not listed). */
  cells: z.array(progressCellSchema),
  completed: z.int().check(z.minimum(0)),
  total: z.int().check(z.minimum(0)),
  /** Entering the campaign or saving in a test, whichever is last; null if never. */
  lastActivity: z.nullable(z.string()),
  invitedAt: z.nullable(z.string()),
  /** A 360 campaign: the evaluations this person has finished of those they must give. */
  feedback360: z.nullable(z.object({ done: z.int(), total: z.int() })),
});
export type ProgressRow = z.infer<typeof progressRowSchema>;

export const progressResponseSchema = z.extend(pageInfoSchema, {
  status: z.literal(true),
  /** The columns: the campaign's tests a participant takes themselves. */
  tests: z.array(staffCampaignTestSchema),
  participants: z.array(progressRowSchema),
  /** Cells by status over every participant matching the filters (all pages). */
  counts: z.object({ 'not attempted': z.int(), incomplete: z.int(), complete: z.int() }),
  /** When the answer was made: poll again for live progress. */
  at: z.string(),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Invitations: POST /api/staff/campaigns/{campaignId}/invitations

/**
 * Without `userIds`: every participant not invited yet. With: those participants (again if invited
 * before). Each gets a mail in their language with the sign-in address and, when they have no
 * password and do not use single sign-on, a link to set one (valid INVITATION_TTL_MS). Mails go
 * out in the background; who was invited when is recorded at once.
 */
export const invitationRequestSchema = z.object({ userIds: z.optional(z.array(bodyId).check(z.minLength(1), z.maxLength(5_000))) });
export type InvitationRequest = z.infer<typeof invitationRequestSchema>;

export const invitationResponseSchema = z.object({
  status: z.literal(true),
  invited: z.array(z.object({ userId: z.int(), invitedAt: z.string(), setPasswordLink: z.boolean() })),
  /** Named people that were not invited: not a participant, or deactivated. */
  skipped: z.array(z.object({ userId: z.int(), reason: z.enum(['not-participant', 'inactive']) })),
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Reset: POST /api/staff/campaigns/{campaignId}/participants/{userId}/tests/{testId}/reset

export const resetParamsSchema = z.object({ campaignId: idSchema, userId: idSchema, testId: idSchema });

/**
 * The attempt (progress and outcomes, ratings included) moves to the history and the test starts
 * over: the person opens it anew (a timed test's clock starts then). 422 for the 360 questionnaire;
 * 409 CONFLICT when there is nothing to reset.
 */
export const resetRequestSchema = z.object({ reason: z.optional(text(500)) });
export const resetResponseSchema = z.object({
  status: z.literal(true),
  cell: progressCellSchema,
  archived: z.object({ attempts: z.int(), outcomes: z.int() }),
});
export type ResetResponse = z.infer<typeof resetResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Jobs: imports and exports. GET /api/staff/jobs (the company's recent jobs), GET /api/staff/jobs/{jobId}

export const JOB_KINDS = ['import', 'export'] as const;
/**
 * queued -> validating -> validated | invalid (an import waits for its confirmation at validated)
 * -> importing -> done | failed; an export: queued -> exporting -> done | failed.
 * `failed` also names a job whose server stopped before it ended.
 */
export const JOB_STATES = ['queued', 'validating', 'validated', 'invalid', 'importing', 'exporting', 'done', 'failed'] as const;
export const FINAL_JOB_STATES = ['invalid', 'done', 'failed'] as const;
export const jobStateSchema = z.enum(JOB_STATES);
export type JobState = z.infer<typeof jobStateSchema>;

export const jobParamsSchema = z.object({ jobId: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'Expected a job id')) });

const importCountsSchema = z.object({
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  removed: z.int(),
});
/** What an import did, by kind of record. */
export const importSummarySchema = z.record(z.string(), importCountsSchema);
/** What an import will do, seen at validation: records to create and to update, by list of the bundle. */
export const importPlanSchema = z.record(z.string(), z.object({ create: z.int(), update: z.int() }));
/** A campaign an import writes, for a link to it: its id and its name by language, as the bundle gives them. */
export const importCampaignSchema = z.object({ id: z.int(), name: z.record(z.string(), z.string()) });
export type ImportCampaign = z.infer<typeof importCampaignSchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

export const jobSchema = z.object({
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  state: jobStateSchema,
  /** What it is doing now, e.g. 'validating', 'passwords', 'writing', 'rows', 'file'. */
  phase: z.string(),
  /** Progress of the phase: `done` of `total` (0 of 0 when unknown). */
  done: z.int().check(z.minimum(0)),
  total: z.int().check(z.minimum(0)),
  campaignId: z.nullable(z.int()),
  createdBy: staffPersonRefSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Import: the full validation report as `path: message` lines (empty when valid). */
  problems: z.array(z.string()),
  /** Import: what it will write (known once validated). */
  plan: z.nullable(importPlanSchema),
  /** Import: the campaigns the bundle writes (known once validated), whether it came as JSON or in a zip. */
  campaigns: z.array(importCampaignSchema),
  /** Import: what it wrote (when done). */
  summary: z.nullable(importSummarySchema),
  /** Import: what staff should know, known once validated (e.g. that only a package's first SCO is delivered). */
  notes: z.array(z.string()),
  /** Export: the file to download once done. */
  file: z.nullable(z.object({ name: z.string(), contentType: z.string(), size: z.int() })),
  format: z.nullable(exportFormatSchema),
  /** Why it failed. */
  error: z.nullable(z.string()),
});
export type Job = z.infer<typeof jobSchema>;

export const jobResponseSchema = z.object({ status: z.literal(true), job: jobSchema });
export const jobListResponseSchema = z.object({ status: z.literal(true), jobs: z.array(jobSchema) });
export type JobResponse = z.infer<typeof jobResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Bundle upload: POST /api/staff/imports (the bundle itself as the JSON body, up to
// BUNDLE_UPLOAD_MAX_BYTES; or a zip of bundle.json and the packages its tests name, as an
// `application/zip` body up to BUNDLE_ZIP_UPLOAD_MAX_BYTES) answers 202 with a job that validates without writing anything: the same
// checks as `npm run import`, plus that the bundle touches only the caller's company (its companies,
// people, campaigns and tests). Then POST /api/staff/imports/{jobId}/confirm writes it (validated
// again in the import's transaction); 409 CONFLICT unless the job is `validated`.

export const importUploadRequestSchema = z.record(z.string(), z.unknown());

// ---------------------------------------------------------------------------------------------
// Export: POST /api/staff/campaigns/{campaignId}/exports answers 202 with a job; once done,
// GET /api/staff/jobs/{jobId}/file downloads it. One row per participant: name, e-mail, role,
// language, invited, last activity, per test its status and completion time, every outcome
// (`<test abbreviation>.<questionId>`), every marker, skill and area value of the report model,
// the 360 evaluations given (done of total). CSV: UTF-8 with BOM, comma separated; XLSX: one sheet.

export const exportRequestSchema = z.object({ format: exportFormatSchema });
export type ExportRequest = z.infer<typeof exportRequestSchema>;

// ---------------------------------------------------------------------------------------------
// PDF report: GET /api/staff/campaigns/{campaignId}/participants/{userId}/report.pdf: the personal
// report of any participant of the company's campaigns, whatever the campaign's download rules;
// 409 REPORT_NOT_AVAILABLE while the person's report has nothing to show yet.

export const participantParamsSchema = z.object({ campaignId: idSchema, userId: idSchema });

// ---------------------------------------------------------------------------------------------
// Paths, for the console's API client.

export const STAFF_PATHS = {
  companies: '/companies',
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
} as const;
