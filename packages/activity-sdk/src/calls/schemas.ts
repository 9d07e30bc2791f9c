// Schemas shared by several calls. The same schema checks the activity's arguments before sending
// and the host's copy on receipt.
import { z } from '../zod';
import { MESSAGES } from '../errors';

export const TEST_STATUSES = ['not attempted', 'incomplete', 'complete'] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Progress data, a log entry, rpc data: any JSON value (a string included). */
// z.json() as classic zod builds it: zod/mini's takes no message for the string branch.
export const jsonValueSchema: z.ZodMiniType<JsonValue> = z.lazy(() =>
  z.union([
    z.string({ error: 'a JSON value is required' }),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValueSchema),
    z.record(z.string(), jsonValueSchema),
  ]),
);

const key = z.union([z.string().check(z.minLength(1)), z.int()]);

export const outcomeSchema = z.object({
  questionId: key,
  answerId: z.optional(key),
  value: z.union([z.number(), z.string(), z.boolean(), z.null()]),
});
export type Outcome = z.infer<typeof outcomeSchema>;

export const outcomesSchema = z.array(outcomeSchema, { error: 'outcomes must be a list of { questionId, value }' }).check(
  z.minLength(1, {
    error: 'outcomes must not be empty',
  }),
);

/** The person an assessor call is about: 'no user id defined' when absent, 'Invalid tracking data' when not an integer. */
export const userIdSchema = z.pipe(
  z.unknown().check(z.refine((v) => v !== undefined && v !== null && v !== '', { error: MESSAGES.userIdMissing, abort: true })),
  z.number({ error: MESSAGES.invalidTrackingData }).check(z.int({ error: MESSAGES.invalidTrackingData })),
);

/** An assessed person (the server decides the extra fields). */
export const sampleSchema = z.looseObject({
  id: z.int(),
  firstName: z.optional(z.string()),
  lastName: z.optional(z.string()),
  email: z.optional(z.string()),
});
export type Sample = z.infer<typeof sampleSchema>;

export const assessedOutcomeSchema = z.looseObject({
  questionId: z.optional(key),
  answerId: z.optional(key),
  value: z.optional(z.unknown()),
  evaluatedId: z.optional(z.int()),
});
export type AssessedOutcome = z.infer<typeof assessedOutcomeSchema>;

export const emptyParams = z.union([z.undefined(), z.strictObject({})]);
export const okResult = z.object({ ok: z.literal(true) });
export const OK = { ok: true } as const;
