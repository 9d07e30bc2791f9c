// init(): must come first. Resolves to the session and the saved progress.
import * as z from 'zod';
import { MESSAGES, ProvaError } from '../errors';
import { defineCall, withFailure } from './define-call';
import { emptyParams, jsonValueSchema, TEST_STATUSES } from './schemas';

const trackingIds = z.object({
  campaignId: z.number().int(),
  testId: z.number().int(),
  userId: z.number().int(),
  lang: z.string(),
  isAssessor: z.boolean(),
});

const timingSchema = z.object({ startedAt: z.string(), endsAt: z.string(), remainingSeconds: z.number().int().min(0) });

const answerSchema = z.object({
  status: z.literal(true),
  testStatus: z.enum(TEST_STATUSES).default('not attempted'),
  data: jsonValueSchema.nullable().default(null),
  version: z.number().int().min(0).default(0),
  testData: z.unknown().optional().transform(parseTestData),
  timing: timingSchema.nullable().default(null),
});

export const sessionSchema = trackingIds.extend({
  status: z.enum(TEST_STATUSES),
  data: jsonValueSchema.nullable(),
  version: z.number().int().min(0),
  testData: jsonValueSchema.nullable(),
  timing: timingSchema.nullable(),
});

export const init = defineCall({
  method: 'init',
  toParams: () => undefined,
  params: emptyParams,
  // Ids that are not numbers fail the same way on the activity's side.
  result: z
    .unknown()
    .superRefine((value, ctx) => {
      if (!trackingIds.safeParse(value).success) ctx.addIssue({ code: 'custom', message: MESSAGES.invalidTrackingData });
    })
    .pipe(sessionSchema),
  async serve({ session, handlers, state }) {
    const ids = trackingIds.safeParse(session);
    if (!ids.success) throw new ProvaError(MESSAGES.invalidTrackingData, 'INVALID_TRACKING_DATA');
    const raw = await withFailure(MESSAGES.initFailed, () => handlers.init(ids.data));
    const answer = answerSchema.safeParse(raw);
    if (!answer.success) throw new ProvaError(MESSAGES.invalidTrackingData, 'INVALID_TRACKING_DATA');
    const { testStatus, data, version, testData, timing } = answer.data;
    Object.assign(state, { initialized: true, status: testStatus, data, version });
    return { ...ids.data, status: testStatus, data, version, testData, timing };
  },
});

/** testData is the test's jsonData.options; the server keeps it as a JSON string. */
function parseTestData(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
