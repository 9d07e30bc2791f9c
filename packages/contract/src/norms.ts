import { z } from './zod';
import { idSchema, statusOk } from './common';
import { normTableSchema } from './bundle';
import { bodyId } from './staff';

// Norm groups (issue 50, docs/measurement.md "Norm groups"): what the report shows of a score read against a norm,
// and the staff calls that build a norm from a company's results and attach it to a campaign.

/** The fewest results a norm group is built from: under it a percentile would say more than the group can. */
export const NORM_MIN_N = 30;
/** Longest name of a norm built in the console. */
export const NORM_NAME_MAX = 200;

/** One normed outcome in a person's report: a percentile and sten, or for an estimate with an SE a percentile range. */
export const reportNormSchema = z.object({
  normId: z.int(),
  testId: z.int(),
  testName: z.string(),
  outcome: z.string(),
  /** The norm group's name, in the report's language, and its size. */
  name: z.string(),
  n: z.int(),
  percentile: z.int(),
  sten: z.int(),
  /** For an estimate (THETA) with its SE beside it: the percentiles of estimate − SE and estimate + SE. */
  band: z.nullable(z.object({ low: z.int(), high: z.int() })),
});
export type ReportNorm = z.infer<typeof reportNormSchema>;

/** A stored norm as staff see it. */
export const staffNormSchema = z.object({
  id: z.int(),
  name: z.string(),
  testId: z.int(),
  testName: z.string(),
  outcome: z.string(),
  n: z.int(),
  mean: z.nullable(z.number()),
  sd: z.nullable(z.number()),
  table: z.nullable(normTableSchema),
  campaignIds: z.array(z.int()),
});
export type StaffNorm = z.infer<typeof staffNormSchema>;

/** POST /api/staff/norms (and its preview): a norm from the completed results of the company's campaigns for one test outcome. */
export const createNormRequestSchema = z.object({
  name: z
    .string({ error: 'Expected the norm group’s name' })
    .check(z.trim(), z.minLength(1, 'Expected the norm group’s name'), z.maxLength(NORM_NAME_MAX)),
  test: bodyId,
  outcome: z.string({ error: 'Expected the outcome' }).check(z.trim(), z.minLength(1, 'Expected the outcome'), z.maxLength(200)),
  campaigns: z.array(bodyId).check(z.minLength(1, 'Choose at least one campaign'), z.maxLength(100)),
});
export type CreateNormRequest = z.infer<typeof createNormRequestSchema>;

/** What a norm built from results is, before or after it is saved. */
export const builtNormSchema = z.object({ n: z.int(), mean: z.number(), sd: z.number() });

export const normPreviewResponseSchema = z.extend(statusOk, { norm: builtNormSchema });
export const normResponseSchema = z.extend(statusOk, { norm: staffNormSchema });
export const normListResponseSchema = z.extend(statusOk, { norms: z.array(staffNormSchema) });

/** PUT /api/staff/campaigns/{campaignId}/norms: the norms the campaign's reports read against (replacing its list). */
export const campaignNormsRequestSchema = z.object({ norms: z.array(bodyId).check(z.maxLength(100)) });
export const campaignNormsParamsSchema = z.object({ campaignId: idSchema });

/** The staff calls' paths (under /api). */
export const NORM_PATHS = {
  norms: '/staff/norms',
  preview: '/staff/norms/preview',
  campaignNorms: (campaignId: number) => `/staff/campaigns/${campaignId}/norms`,
} as const;
