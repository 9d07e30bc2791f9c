import { z } from './zod';
import { roleSchema } from './auth';
import { CAMPAIGN_PHASES } from './campaigns';
import { idSchema, langSchema } from './common';
import { contentPackageKindSchema } from './content';
import { testStatusSchema } from './tests';
import { pageInfoSchema, pageQuerySchema, staffPersonRefSchema } from './staff';
import { retentionMonthsSchema } from './staff-erasure';

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
  /** `campaignPhaseOf`: closed by staff is ended, whatever the dates. */
  phase: z.enum(CAMPAIGN_PHASES),
  is360: z.boolean(),
  /** The campaign's own retention period in months; null: the company's (docs/privacy-erasure.md). */
  retentionMonths: z._default(retentionMonthsSchema, null),
  /**
   * Assessors' ratings and notes are refused now: the campaign is over (closed, its reports published, or past its
   * end) and its assessments are not reopened, or no longer (acceptsRatings on the server's clock).
   */
  ratingsLocked: z._default(z.boolean(), false),
  /** Until when an admin reopened its assessments once it was closed; null: never. */
  assessmentsOpenUntil: z._default(z.nullable(z.string()), null),
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

// Reopening a closed campaign's assessments: POST /api/staff/campaigns/{campaignId}/assessments/reopen

/** The most hours one reopening lasts (a week): ratings of a closed campaign are corrections, not a second round. */
export const MAX_REOPEN_HOURS = 168;

export const reopenAssessmentsRequestSchema = z.object({
  /** From now: the assessors' ratings and notes are taken again for this long, then locked again by themselves. */
  hours: z
    .int({ error: 'Expected a whole number of hours' })
    .check(z.gte(1, 'At least 1 hour'), z.lte(MAX_REOPEN_HOURS, `At most ${MAX_REOPEN_HOURS} hours`)),
  /** Why, for the audit trail. */
  reason: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});
export type ReopenAssessmentsRequest = z.infer<typeof reopenAssessmentsRequestSchema>;

export const reopenAssessmentsResponseSchema = z.object({ status: z.literal(true), assessmentsOpenUntil: z.string() });

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
  /**
   * Whether staff get the person's report PDF now: it has something to show (a valued area, a normed outcome, 360
   * answers from enough raters), as the PDF decides. Never for an assessor the campaign lists: they have no report.
   */
  reportAvailable: z.boolean(),
  /** The language the person chose for this campaign; null before they entered (each test's own is in the export). */
  campaignLang: z.nullable(langSchema),
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
