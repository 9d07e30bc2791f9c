import { z } from './zod';
import { idSchema, statusOk } from './common';
import { bodyId } from './staff';
import type { LocalizedText } from './bundle';

// Norm groups (issue 50, docs/measurement.md "Norm groups"): what the report shows of a score read against a norm,
// and the staff calls that build a norm from a company's results and attach it to a campaign.

/** The fewest results a norm group is built from: under it a percentile would say more than the group can. */
export const NORM_MIN_N = 30;
/** Longest name of a norm built in the console. */
export const NORM_NAME_MAX = 200;

/** A percentile table of a norm: rows rising in `upTo`, percentiles never falling. */
export const normTableSchema = z
  .array(
    z.object({
      upTo: z.number({ error: "Expected the row's highest score (upTo)" }),
      percentile: z.number().check(z.minimum(0), z.maximum(100)),
    }),
  )
  .check(
    z.minLength(1, 'Expected at least one row'),
    z.refine((rows) => rows.every((r, i) => i === 0 || (r.upTo > rows[i - 1].upTo && r.percentile >= rows[i - 1].percentile)), {
      message: 'Rows must rise: each upTo above the one before, and no percentile below the one before',
    }),
  );
export type NormTable = z.infer<typeof normTableSchema>;

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

const NAME_ERROR = 'Expected the norm group’s name';
const nameText = z.string().check(z.trim(), z.maxLength(NORM_NAME_MAX));

/**
 * A norm's name: one for every language, or `{ IT_it, EN_en, ES_es }` (any of them, at least one not blank), kept in
 * the object form; a language without one reads the Italian name, else the first (as a bundle's localized texts do).
 */
export const normNameSchema = z
  .pipe(
    z.union([nameText, z.strictObject({ IT_it: z.optional(nameText), EN_en: z.optional(nameText), ES_es: z.optional(nameText) })], {
      error: NAME_ERROR,
    }),
    z.transform((value): LocalizedText =>
      Object.fromEntries(Object.entries(typeof value === 'string' ? { IT_it: value } : value).filter(([, text]) => text)),
    ),
  )
  .check(z.refine((text) => Object.keys(text).length > 0, { error: NAME_ERROR }));

/** POST /api/staff/norms (and its preview): a norm from the completed results of the company's campaigns for one test outcome. */
export const createNormRequestSchema = z.object({
  name: normNameSchema,
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
