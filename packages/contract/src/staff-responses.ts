import { z } from './zod';
import { idSchema } from './common';
import { qtiResponseValueSchema } from './content';
import { reportNormSchema } from './reports';
import { outcomeSchema, testStatusSchema } from './tests';

// A candidate's responses in a QTI package test, item by item with the key, for the staff of the
// campaign's company: GET /api/staff/campaigns/{campaignId}/participants/{userId}/tests/{testId}/responses.
// The key (correct responses, mappings) comes from the scoring model the server keeps: it never reaches a
// candidate, only this staff answer.

export const staffResponsesParamsSchema = z.object({ campaignId: idSchema, userId: idSchema, testId: idSchema });

/** One mapping entry of a response variable: a response worth `points` (text entry, map_response). */
export const responseMappingEntrySchema = z.object({ key: z.string(), points: z.number() });

/** One response variable of an item: what the candidate saved and what the key says. */
export const staffResponseVariableSchema = z.object({
  identifier: z.string(),
  cardinality: z.enum(['single', 'multiple', 'ordered']),
  baseType: z.string(),
  /** As the player saved it (QtiProgress); null: no response. */
  response: qtiResponseValueSchema,
  /** The correct response in the same shape; null when the item declares none. */
  correct: qtiResponseValueSchema,
  /** The mapping's entries, when the item scores by one; empty otherwise. */
  mapping: z.array(responseMappingEntrySchema),
});
export type StaffResponseVariable = z.infer<typeof staffResponseVariableSchema>;

export const staffItemResponsesSchema = z.object({
  identifier: z.string(),
  title: z.string(),
  /** The section it is in (its title), in delivery order. */
  section: z.string(),
  responses: z.array(staffResponseVariableSchema),
  /** The item's SCORE from the server's scoring; null while the test is not scored. */
  score: z.nullable(z.union([z.number(), z.string(), z.boolean()])),
  flagged: z.boolean(),
  /** An adaptive test's item the candidate is on now, not answered yet. */
  current: z.optional(z.boolean()),
  /** An adaptive test's estimate of ability (θ) and its standard error just after this answer, where it was kept. */
  estimate: z.optional(z.object({ theta: z.number(), se: z.number() })),
  /** Present for an item an assessor rates: out of how much, and the points given (null: still to be rated). */
  rating: z.optional(z.object({ maxScore: z.number(), points: z.nullable(z.number()), ratedAt: z.nullable(z.string()) })),
});
export type StaffItemResponses = z.infer<typeof staffItemResponsesSchema>;

export const staffResponsesSchema = z.object({
  test: z.object({ id: z.int(), title: z.string() }),
  /** The candidate's progress status in the test; `not attempted` when nothing is saved. */
  status: testStatusSchema,
  /** The server has scored the test: `score` and `outcomes` are its result. */
  scored: z.boolean(),
  /**
   * Item by item in delivery order; for an adaptive test (`adaptive`), the items the candidate was given, in the order
   * given, the one they are on last (without a response).
   */
  items: z.array(staffItemResponsesSchema),
  /** An adaptive test: items are served one at a time, each chosen from the answers so far. */
  adaptive: z.optional(z.boolean()),
  /** The test's outcome variables as the server scored them (SCORE first); empty while unscored. */
  outcomes: z.array(outcomeSchema),
  /** False while an item an assessor rates is not rated yet: the score is not final. */
  final: z.optional(z.boolean()),
  /** The test's outcomes against the campaign's norm groups (percentile and sten), as the candidate's report gives them. */
  norms: z.optional(z.array(reportNormSchema)),
});
export type StaffResponses = z.infer<typeof staffResponsesSchema>;
