import { z } from './zod';
import { DB_INT_MAX } from './limits';
import { idSchema } from './common';

// A test's item analysis and reliability, and a 360 campaign's rater agreement, for staff:
// GET /api/staff/tests/{testId}/analysis(.csv)?campaigns=1,2 and GET /api/staff/campaigns/{campaignId}/agreement.
// No person appears in either: only counts, means and coefficients over completed attempts.

/** Below this many completed attempts a test's analysis is not shown: its figures would be noise. */
export const ANALYSIS_MIN_N = 20;
/** Campaigns one analysis may pool. */
export const ANALYSIS_MAX_CAMPAIGNS = 100;

export const itemAnalysisParamsSchema = z.object({ testId: idSchema });

/** `?campaigns=1,2`: the company's campaigns to pool (all those that use the test when absent). */
export const itemAnalysisQuerySchema = z.object({
  campaigns: z.optional(
    z.pipe(
      // Ids of up to nine digits (below DB_INT_MAX), as many as may be pooled: what the text says is what is read.
      z
        .string()
        .check(
          z.regex(
            new RegExp(`^[1-9][0-9]{0,8}(?:,[1-9][0-9]{0,8}){0,${ANALYSIS_MAX_CAMPAIGNS - 1}}$`),
            'Expected campaign ids separated by commas',
          ),
        ),
      z.pipe(
        z.transform((value: string) => [...new Set(value.split(',').map(Number))]),
        z.array(z.int().check(z.minimum(1), z.maximum(DB_INT_MAX))).check(z.maxLength(ANALYSIS_MAX_CAMPAIGNS)),
      ),
    ),
  ),
});
export type ItemAnalysisQuery = z.input<typeof itemAnalysisQuerySchema>;

export const itemFlagSchema = z.enum(['too-easy', 'too-hard', 'negative-discrimination', 'weak-discrimination']);
export type ItemFlag = z.infer<typeof itemFlagSchema>;

const optionSchema = z.object({
  option: z.string(),
  key: z.boolean(),
  count: z.int(),
  share: z.number(),
  meanTotal: z.number(),
});

export const analysedItemSchema = z.object({
  identifier: z.string(),
  title: z.string(),
  maxScore: z.number(),
  mean: z.number(),
  sd: z.number(),
  p: z.number(),
  r: z.nullable(z.number()),
  alphaIfDeleted: z.nullable(z.number()),
  flags: z.array(itemFlagSchema),
  distractors: z.nullable(
    z.object({
      options: z.array(optionSchema),
      none: z.object({ count: z.int(), share: z.number(), meanTotal: z.nullable(z.number()) }),
    }),
  ),
});
export type AnalysedItem = z.infer<typeof analysedItemSchema>;

const analysisBase = {
  test: z.object({ id: z.int(), title: z.string() }),
  /** The campaigns pooled (the company's that use the test, or those asked for). */
  campaignIds: z.array(z.int()),
  /** Completed attempts pooled. */
  n: z.int(),
  minN: z.int(),
};

export const itemAnalysisSchema = z.discriminatedUnion('sufficient', [
  z.object({ ...analysisBase, sufficient: z.literal(false), reason: z.literal('TOO_FEW_ATTEMPTS') }),
  z.object({
    ...analysisBase,
    sufficient: z.literal(true),
    reliability: z.object({ coefficient: z.enum(['KR-20', 'alpha']), value: z.nullable(z.number()), sem: z.nullable(z.number()) }),
    total: z.object({ mean: z.number(), sd: z.number(), min: z.number(), max: z.number(), maxPossible: z.number() }),
    distribution: z.array(z.object({ from: z.number(), to: z.number(), count: z.int() })),
    items: z.array(analysedItemSchema),
  }),
]);
export type ItemAnalysisAnswer = z.infer<typeof itemAnalysisSchema>;

export const agreementParamsSchema = z.object({ campaignId: idSchema });

/** One relation group's agreement on one closed question, over the people rated by at least the threshold. */
export const agreementGroupSchema = z.object({
  relationId: z.int(),
  label: z.string(),
  /** Rated people whose group of this relation reaches the threshold (the others are left out). */
  groups: z.int(),
  ratings: z.int(),
  /** Means over those groups of each group's rwg and SD. */
  rwg: z.number(),
  sd: z.number(),
});

export const agreementSchema = z.object({
  campaignId: z.int(),
  threshold: z.int(),
  scalePoints: z.int(),
  questions: z.array(z.object({ id: z.int(), text: z.string(), relations: z.array(agreementGroupSchema) })),
});
export type AgreementAnswer = z.infer<typeof agreementSchema>;
