// Schemas shared by several calls. The same schema checks the activity's arguments before sending
// and the host's copy on receipt.
import * as z from 'zod';
import { MESSAGES } from '../errors';

export const TEST_STATUSES = ['not attempted', 'incomplete', 'complete'] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Progress data, a log entry, rpc data: any JSON value (a string included). */
export const jsonValueSchema: z.ZodType<JsonValue> = z.json({ error: 'a JSON value is required' });

const key = z.union([z.string().min(1), z.number().int()]);

export const outcomeSchema = z.object({
  questionId: key,
  answerId: key.optional(),
  value: z.union([z.number(), z.string(), z.boolean(), z.null()]),
});
export type Outcome = z.infer<typeof outcomeSchema>;

export const outcomesSchema = z.array(outcomeSchema, { error: 'outcomes must be a list of { questionId, value }' }).min(1, {
  error: 'outcomes must not be empty',
});

/** The person an assessor call is about: 'no user id defined' when absent, 'Invalid tracking data' when not an integer. */
export const userIdSchema = z
  .unknown()
  .refine((v) => v !== undefined && v !== null && v !== '', { error: MESSAGES.userIdMissing, abort: true })
  .pipe(z.number({ error: MESSAGES.invalidTrackingData }).int({ error: MESSAGES.invalidTrackingData }));

/** An assessed person (the server decides the extra fields). */
export const sampleSchema = z.looseObject({
  id: z.number().int(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
});
export type Sample = z.infer<typeof sampleSchema>;

export const assessedOutcomeSchema = z.looseObject({
  questionId: key.optional(),
  answerId: key.optional(),
  value: z.unknown().optional(),
  evaluatedId: z.number().int().optional(),
});
export type AssessedOutcome = z.infer<typeof assessedOutcomeSchema>;

export const emptyParams = z.undefined().or(z.object({}).strict());
export const okResult = z.object({ ok: z.literal(true) });
export const OK = { ok: true } as const;
