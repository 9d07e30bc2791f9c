import { z } from './zod';

// The assessor's side: whom an assessor evaluates, in which tests, and how far they are.

/** Where an assessor is with one person in one test: nothing recorded, some criteria rated, every criterion rated. */
export const ASSESSMENT_STATES = ['not started', 'in progress', 'rated'] as const;
export const assessmentStateSchema = z.enum(ASSESSMENT_STATES);
export type AssessmentState = z.infer<typeof assessmentStateSchema>;

export const assessedPersonSchema = z.object({
  id: z.int(),
  firstName: z.string(),
  lastName: z.string(),
  state: assessmentStateSchema,
  /** Criteria rated so far, out of `criteria` of the test. */
  rated: z.int().check(z.minimum(0)),
});
export type AssessedPerson = z.infer<typeof assessedPersonSchema>;

export const assessorTestSchema = z.object({
  testId: z.int(),
  name: z.string(),
  abbreviation: z.string(),
  description: z.string(),
  /** How many criteria the rating grid has. */
  criteria: z.int().check(z.minimum(0)),
  people: z.array(assessedPersonSchema),
});
export type AssessorTest = z.infer<typeof assessorTestSchema>;

/**
 * GET /usercampaign/{campaignId}/assessments: the caller's assignments in the campaign, by test. `ratingsLocked`: the
 * campaign is over and its ratings and notes can be read, not changed; `reopenedUntil`: it is over, but staff reopened
 * its assessments until then (ratings are taken meanwhile).
 */
export const assessmentsResponseSchema = z.object({
  status: z.literal(true),
  tests: z.array(assessorTestSchema),
  ratingsLocked: z.boolean(),
  reopenedUntil: z.nullable(z.string()),
});
export type AssessmentsResponse = z.infer<typeof assessmentsResponseSchema>;
