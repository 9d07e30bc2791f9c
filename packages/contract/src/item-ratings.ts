import { z } from './zod';
import { idSchema } from './common';

// Items an assessor rates (an extended answer in a QTI package test: written in the console, or an essay of an
// imported bank that nothing in the package scores). The assessors assigned to a candidate in that test (the
// campaign's `assessments`) read the candidate's answers once the test is complete and give each item 0 to its
// maximum; the server scores the test again with them. docs/qti.md, "Items rated by an assessor".

/** The most points a rating may have (the authored items' `points` are bounded the same). */
export const RATING_MAX_POINTS = 1000;

export const ratingSheetParamsSchema = z.object({ campaignId: idSchema, testId: idSchema, userId: idSchema });
export const ratingParamsSchema = z.object({
  campaignId: idSchema,
  testId: idSchema,
  userId: idSchema,
  itemId: z.string().check(z.minLength(1), z.maxLength(200)),
});

/** PUT /api/ratings/{campaignId}/{testId}/{userId}/{itemId}: the points given (the server checks them against the item's maximum). */
export const ratingRequestSchema = z.object({
  points: z.number({ error: 'Expected a number of points' }).check(
    z.gte(0, 'Expected 0 points or more'),
    z.lte(RATING_MAX_POINTS, `At most ${RATING_MAX_POINTS} points`),
    z.refine((n) => Number.isFinite(n), 'Expected a number of points'),
  ),
});
export type RatingRequest = z.infer<typeof ratingRequestSchema>;

/** The schema for points out of an item's maximum: the page's field and the server's check say the same. */
export const pointsOutOf = (max: number) => ratingRequestSchema.shape.points.check(z.lte(max, `Expected points from 0 to ${max}`));

export const ratedItemSchema = z.object({
  identifier: z.string(),
  /** The question, as plain text. */
  prompt: z.string(),
  /** The candidate's answer as they typed it, plain text (never HTML); null: no answer. */
  response: z.nullable(z.string()),
  maxScore: z.number(),
  /** The points given; null: not rated yet. */
  points: z.nullable(z.number()),
  ratedAt: z.nullable(z.string()),
});
export type RatedItem = z.infer<typeof ratedItemSchema>;

/** GET /api/ratings/{campaignId}/{testId}/{userId}: one candidate's answers to rate in one test. */
export const ratingSheetSchema = z.object({
  status: z.literal(true),
  test: z.object({ id: z.int(), name: z.string() }),
  person: z.object({ id: z.int(), firstName: z.string(), lastName: z.string() }),
  /** The candidate completed the test: only then are the answers there to rate. */
  complete: z.boolean(),
  /** Ratings are taken (the campaign accepts answers: not finished, not past its end). */
  open: z.boolean(),
  /** Every item is rated: the test's result is final. */
  final: z.boolean(),
  items: z.array(ratedItemSchema),
  /** The test's SCORE as the server scored it with the ratings so far; null while unscored. */
  score: z.nullable(z.number()),
});
export type RatingSheet = z.infer<typeof ratingSheetSchema>;

/** The answer to a rating: the item as now stored, and the test's score again. */
export const ratingAnswerSchema = z.object({
  status: z.literal(true),
  item: ratedItemSchema,
  final: z.boolean(),
  score: z.nullable(z.number()),
});
export type RatingAnswer = z.infer<typeof ratingAnswerSchema>;

export const ratingStates = ['waiting', 'to rate', 'rated'] as const;
export type RatingState = (typeof ratingStates)[number];

export const ratingPersonSchema = z.object({
  id: z.int(),
  firstName: z.string(),
  lastName: z.string(),
  /** waiting: the test is not complete yet; to rate: some items unrated; rated: every item rated. */
  state: z.enum(ratingStates),
  rated: z.int(),
  total: z.int(),
});
export type RatingPerson = z.infer<typeof ratingPersonSchema>;

/** GET /api/ratings/{campaignId}: the tests with items the caller rates, and the people assigned in each. */
export const ratingListSchema = z.object({
  status: z.literal(true),
  tests: z.array(z.object({ testId: z.int(), name: z.string(), people: z.array(ratingPersonSchema) })),
});
export type RatingList = z.infer<typeof ratingListSchema>;
