// init(): must come first. Resolves to the session and the saved progress.
import { z } from '../zod';
import { MESSAGES, ProvaError } from '../errors';
import { defineCall, withFailure } from './define-call';
import { emptyParams, jsonValueSchema, TEST_STATUSES } from './schemas';

const trackingIds = z.object({
  campaignId: z.int(),
  testId: z.int(),
  userId: z.int(),
  lang: z.string(),
  isAssessor: z.boolean(),
});

const timingSchema = z.object({ startedAt: z.string(), endsAt: z.string(), remainingSeconds: z.int().check(z.minimum(0)) });

const answerSchema = z.object({
  status: z.literal(true),
  testStatus: z._default(z.enum(TEST_STATUSES), 'not attempted'),
  data: z._default(z.nullable(jsonValueSchema), null),
  version: z._default(z.int().check(z.minimum(0)), 0),
  testData: z.pipe(z.optional(z.unknown()), z.transform(parseTestData)),
  timing: z._default(z.nullable(timingSchema), null),
});

export const sessionSchema = z.extend(trackingIds, {
  status: z.enum(TEST_STATUSES),
  data: z.nullable(jsonValueSchema),
  version: z.int().check(z.minimum(0)),
  testData: z.nullable(jsonValueSchema),
  timing: z.nullable(timingSchema),
});

export const init = defineCall({
  method: 'init',
  toParams: () => undefined,
  params: emptyParams,
  // Ids that are not numbers fail the same way on the activity's side.
  result: z.pipe(
    z.unknown().check(
      z.superRefine((value, ctx) => {
        if (!trackingIds.safeParse(value).success) ctx.addIssue({ code: 'custom', message: MESSAGES.invalidTrackingData });
      }),
    ),
    sessionSchema,
  ),
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
