import { z } from './zod';
import { idSchema, idempotencyKeySchema } from './common';
import { DB_INT_MAX } from './limits';

// Test delivery: the test list, progress tracking (sync), outcomes, logs, rpc and the assessor calls
// (4; 5 'Sync requests'; 7 'Tests and progress').

/** A test's status for one person. 'not attempted' is never stored: it means "no progress yet". */
export const TEST_STATUSES = ['not attempted', 'incomplete', 'complete'] as const;
export const testStatusSchema = z.enum(TEST_STATUSES);
export type TestStatus = z.infer<typeof testStatusSchema>;

/** Statuses an activity may send (setStatus). */
export const WRITABLE_TEST_STATUSES = ['incomplete', 'complete'] as const;
export const writableStatusSchema = z.enum(WRITABLE_TEST_STATUSES);

/** Versions a status-only update carries. */
export const statusVersion = (status: string) => (status === 'complete' ? 2 : 1);

/** Largest progress data string the server keeps (the body limit caps the request anyway). */
export const PROGRESS_DATA_MAX_CHARS = 900_000;
/** Largest log entry (a JSON string) the server keeps. */
export const LOG_DATA_MAX_CHARS = 16_384;
/** Most outcomes one call may carry. */
export const OUTCOMES_MAX = 2_000;
/** Most characters of outcomes kept per test, person and source (413 past it). */
export const OUTCOMES_MAX_CHARS = 200_000;
/** Seconds a save may arrive after a timed test's end and still be kept (network grace). */
export const TIMED_SAVE_GRACE_SECONDS = 15;
/** Time limit of a scoring script run on the server. */
export const SCORING_TIME_LIMIT_MS = 1_000;

/** An id in a path or query (text, so coerced); a body carries ids as JSON numbers. */
const intId = idSchema;
const bodyId = z.int().check(z.positive(), z.maximum(DB_INT_MAX));
const version = z.int().check(z.minimum(0), z.maximum(DB_INT_MAX));

// ---------------------------------------------------------------------------------------------
// Path parameters

export const testSyncParamsSchema = z.object({ testId: intId, campaignId: intId, userId: intId });
export const campaignParamsSchema = z.object({ campaignId: intId });
export const campaignTestParamsSchema = z.object({ campaignId: intId, testId: intId });
export const testCampaignParamsSchema = z.object({ testId: intId, campaignId: intId });
export const outcomesParamsSchema = z.object({ campaignId: intId, testId: intId, userId: intId });
export const algorithmParamsSchema = z.object({ abbreviation: z.string().check(z.minLength(1), z.maxLength(64)) });
export const userTestsQuerySchema = z.object({ companyId: z.optional(intId) });

// ---------------------------------------------------------------------------------------------
// The clock of a timed test: the server's. It starts at the first opening (POST .../start) and is
// never reset by a reload; `endsAt` includes the person's extra time. Null for untimed tests, and
// for a timed test not opened yet.

export const testTimingSchema = z.object({
  startedAt: z.string(),
  endsAt: z.string(),
  /** Seconds left when the answer was made (0 once the time is up). */
  remainingSeconds: z.int().check(z.minimum(0)),
});
export type TestTiming = z.infer<typeof testTimingSchema>;

/**
 * A criterion of an assessor's rating grid: by default one per task of the campaign's model that
 * reads this test (its outcome id, named after the task's marker); else the test's options.criteria.
 */
export const ratingCriterionSchema = z.object({
  id: z.string(),
  label: z.string(),
  description: z.optional(z.string()),
  min: z.number(),
  max: z.number(),
  /**
   * The words of each level (behavioural anchors), from the test's options: the criterion's own `levels`, else the
   * test's `levels` for every criterion; `{ "0": "…", "5": "…" }`, each text in one language or by language code.
   */
  levels: z.optional(z.array(z.object({ value: z.number(), label: z.string() }))),
});
export type RatingCriterion = z.infer<typeof ratingCriterionSchema>;

// ---------------------------------------------------------------------------------------------
// The test list (GET /usertests, GET /usertests/:id)

/** Optional; a value of the wrong kind reads as absent. */
const absentIfWrong = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);

/**
 * A test's settings as one person gets them: texts already in their language, a timed test's
 * `duration` (minutes) already lengthened by their extra time. A value of the wrong kind reads as absent.
 */
export const testJsonDataSchema = z.looseObject({
  duration: absentIfWrong(z.number().check(z.positive())),
  hasTimer: absentIfWrong(z.boolean()),
  color: absentIfWrong(z.string().check(z.trim(), z.regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i))),
  image: absentIfWrong(z.string()),
  exitMessage: absentIfWrong(z.string()),
  prerequisites: absentIfWrong(z.array(z.number())),
  options: z.optional(z.unknown()),
  autoInstructions: absentIfWrong(z.string()),
  hetInstructions: absentIfWrong(z.string()),
});
export type TestJsonData = z.infer<typeof testJsonDataSchema>;

export const userTestSchema = z.object({
  id: z.int(),
  abbreviation: z.string(),
  name: z.string(),
  description: z.string(),
  instructions: z.string(),
  url: z.string(),
  img: z.nullable(z.string()),
  label: z.nullable(z.string()),
  repeatable: z.boolean(),
  legacy: z.boolean(),
  jsonData: testJsonDataSchema,
  /** Agenda theme, preview texts localized and `{firstName}` replaced; null when none. */
  theme: z.nullable(z.record(z.string(), z.unknown())),
  labels360: z.nullable(z.array(z.record(z.string(), z.unknown()))),
  /** The test's own prerequisites plus the campaign's, as integer test ids. */
  prerequisites: z.array(z.int()),
  /** Prerequisites the caller has not completed yet. */
  missingPrerequisites: z.array(z.int()),
  /** The start rules, and the campaign takes answers now (the browser check for legacy tests is the client's). */
  canStart: z.boolean(),
  /** A repeatable test's attempts still to make (MAX_TEST_ATTEMPTS in all, the current one counted); null for other tests. */
  attemptsLeft: z.nullable(z.int()),
  status: testStatusSchema,
  version: z.int(),
  /** Agenda date (yyyy-MM-dd) and challenge section, when the campaign sets them. */
  startDate: z.nullable(z.string()),
  section: z.nullable(z.string()),
  /** A timed test's clock once it has been opened; null otherwise. */
  timing: z.nullable(testTimingSchema),
  /** A test that assessors fill in about candidates (listed in the campaign's assessments). */
  assessorTest: z.boolean(),
});
export type UserTest = z.infer<typeof userTestSchema>;

export const userTestListResponseSchema = z.object({ status: z.literal(true), tests: z.array(userTestSchema) });
export type UserTestListResponse = z.infer<typeof userTestListResponseSchema>;
export const userTestResponseSchema = z.object({ status: z.literal(true), test: userTestSchema });
export type UserTestResponse = z.infer<typeof userTestResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Tracking (GET/POST /tests/:testId/{sync,status,data}/:campaignId/:userId)

/**
 * GET .../sync (reads only) and POST .../start (the first opening starts a timed test's clock):
 * what the activity starts from.
 */
export const syncStateResponseSchema = z.object({
  status: z.literal(true),
  data: z.object({ version: z.int(), data: z.nullable(z.string()) }),
  /** JSON text of the test's jsonData.options (for an assessor test, with `criteria` added). */
  testData: z.string(),
  testStatus: testStatusSchema,
  timing: z.nullable(testTimingSchema),
  /**
   * Asked with `?windowId=` (a window coming back into view): true when another window opened the test since and
   * holds it, so this one says so before anything is typed into it.
   */
  heldByOtherWindow: z.optional(z.boolean()),
});
export type SyncStateResponse = z.infer<typeof syncStateResponseSchema>;

/**
 * Progress data travels as a string; any other JSON value is accepted and stored as its JSON text.
 * The server refuses more than PROGRESS_DATA_MAX_CHARS characters of stored text.
 */
const progressData = z.union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown()), z.number(), z.boolean()]);

/**
 * The browser window a test is open in (the sending queue's tab id, kept across reloads of that tab): the last window
 * to open a test holds the attempt, and a save naming another window is refused (409 WINDOW_SUPERSEDED). Optional: a
 * client that names no window saves as before.
 */
export const windowIdSchema = z.string().check(z.regex(/^[\w-]{8,64}$/));
const windowId = z.optional(windowIdSchema);
/** GET .../sync: the asking window, to be told whether another one holds the test now. */
export const syncStateQuerySchema = z.object({ windowId });
/** POST .../start: the window opening the test, which holds the attempt from then on. The body may be left out. */
export const startTestRequestSchema = z.nullish(z.object({ windowId }));
export type StartTestRequest = z.infer<typeof startTestRequestSchema>;

export const syncWriteRequestSchema = z.object({ version, status: writableStatusSchema, data: progressData, windowId });
export type SyncWriteRequest = z.infer<typeof syncWriteRequestSchema>;
export const statusWriteRequestSchema = z.object({ version, status: writableStatusSchema, windowId });
export type StatusWriteRequest = z.infer<typeof statusWriteRequestSchema>;
export const dataWriteRequestSchema = z.object({ version, data: progressData, windowId });
export type DataWriteRequest = z.infer<typeof dataWriteRequestSchema>;

/** Every write answers with what the server now holds. `stored` is false when the write was stale. */
export const progressWriteResponseSchema = z.object({
  status: z.literal(true),
  version: z.int(),
  stored: z.boolean(),
  testStatus: testStatusSchema,
});
export type ProgressWriteResponse = z.infer<typeof progressWriteResponseSchema>;

export const checkSyncRequestSchema = z.object({
  tests: z.array(z.object({ testId: bodyId, version })).check(z.maxLength(500)),
});
export type CheckSyncRequest = z.infer<typeof checkSyncRequestSchema>;
export const checkSyncResponseSchema = z.object({ status: z.literal(true), needPushing: z.array(z.int()) });
export type CheckSyncResponse = z.infer<typeof checkSyncResponseSchema>;

/** GET /tests/:testId/data/:campaignId/:userId: a person's saved progress (the "assessed store"). */
export const progressDataResponseSchema = z.object({
  status: z.literal(true),
  data: z.object({ version: z.int(), status: testStatusSchema, data: z.nullable(z.string()) }),
});
export type ProgressDataResponse = z.infer<typeof progressDataResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Outcomes

const outcomeValue = z.union([z.number(), z.string().check(z.maxLength(10_000)), z.boolean(), z.null()]);
const questionId = z.union([z.number(), z.string().check(z.minLength(1), z.maxLength(200))]);

/** `{questionId, value}` (closed or open) or `{questionId, answerId, value}` (linked). */
export const outcomeSchema = z.object({
  questionId,
  answerId: z.optional(z.union([z.number(), z.string().check(z.maxLength(200))])),
  value: outcomeValue,
  evaluatedId: z.optional(z.int()),
});
export type Outcome = z.infer<typeof outcomeSchema>;
export const outcomeListSchema = z.array(outcomeSchema).check(z.maxLength(OUTCOMES_MAX));

export const outcomesRequestSchema = z.object({ values: outcomeListSchema, idempotencyKey: z.optional(idempotencyKeySchema) });
export type OutcomesRequest = z.infer<typeof outcomesRequestSchema>;

export const assessedOutcomesResponseSchema = z.object({
  status: z.literal(true),
  list: z.array(z.object({ userId: z.int(), outcomes: z.array(outcomeSchema) })),
});
export type AssessedOutcomesResponse = z.infer<typeof assessedOutcomesResponseSchema>;

/** The people an assessor evaluates in a test (GET /users/assessed/:campaignId/:testId). */
export const sampleSchema = z.object({ id: z.int(), firstName: z.string(), lastName: z.string() });
export type Sample = z.infer<typeof sampleSchema>;
export const samplesResponseSchema = z.object({ status: z.literal(true), samples: z.array(sampleSchema) });
export type SamplesResponse = z.infer<typeof samplesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Logs and remote procedure calls

export const logRequestSchema = z.object({
  data: z.string().check(z.minLength(1), z.maxLength(LOG_DATA_MAX_CHARS)),
  idempotencyKey: z.optional(idempotencyKeySchema),
});
export type LogRequest = z.infer<typeof logRequestSchema>;

/** An id a log entry names, null unless the databases can hold it (a larger one names nothing, and PostgreSQL would refuse to compare it). */
const loggedIdSchema = z.catch(z.nullable(z.int().check(z.positive(), z.maximum(DB_INT_MAX))), null);
/**
 * The test and campaign a log entry's text names (its JSON's `testId` and `campaignId`), which the server files it
 * under: each null when the text is not JSON, names none, or names one that is no id. The text itself is kept as sent.
 */
export const logEntryIdsSchema = z.pipe(
  z.transform((text: string): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  }),
  z.catch(z.object({ testId: z._default(loggedIdSchema, null), campaignId: z._default(loggedIdSchema, null) }), {
    testId: null,
    campaignId: null,
  }),
);

export const RPC_ACTION_MISSING_MESSAGE = 'action not provided';
export const rpcRequestSchema = z.object({ action: z.optional(z.string().check(z.maxLength(100))), data: z.optional(z.unknown()) });
export type RpcRequest = z.infer<typeof rpcRequestSchema>;
export const rpcResponseSchema = z.object({ status: z.literal(true), result: z.unknown() });
export type RpcResponse = z.infer<typeof rpcResponseSchema>;

export const ALGORITHM_NOT_FOUND_MESSAGE = 'Algorithm not found';

// ---------------------------------------------------------------------------------------------
// Sync tasks of the browser's sending queue (5, 8 'Sending queue')

export const SYNC_TASK_TYPES = ['SYNC', 'SYNC_ALL', 'STATUS', 'DATA', 'OUTCOMES'] as const;
export type SyncTaskType = (typeof SYNC_TASK_TYPES)[number];

/** The exact messages. */
export const SYNC_ERRORS = {
  SYNC: 'Invalid SYNC request data',
  STATUS: 'Invalid STATUS request data',
  DATA: 'Invalid DATA request data',
  OUTCOMES: 'Invalid OUTCOMES request data',
  version: 'Invalid request version',
  type: 'Invalid request type',
  schedulingMode: 'Invalid queue scheduling mode',
} as const;

const present = (v: unknown) => v !== undefined && v !== null;
const hasStatus = (v: unknown) => typeof v === 'string' && (WRITABLE_TEST_STATUSES as readonly string[]).includes(v);

/** Which message a task's content breaks, given its type (SYNC_ALL shares SYNC's). */
const dataRules: Record<SyncTaskType, { ok: (t: { status?: unknown; data?: unknown }) => boolean; message: string }> = {
  SYNC: { ok: (t) => hasStatus(t.status) && present(t.data), message: SYNC_ERRORS.SYNC },
  SYNC_ALL: { ok: (t) => present(t.status) && present(t.data), message: SYNC_ERRORS.SYNC },
  STATUS: { ok: (t) => hasStatus(t.status), message: SYNC_ERRORS.STATUS },
  DATA: { ok: (t) => present(t.data), message: SYNC_ERRORS.DATA },
  OUTCOMES: { ok: (t) => present(t.data), message: SYNC_ERRORS.OUTCOMES },
};

/**
 * A queued sync task. Checks, in order: the version is an integer (default 0), the type is known,
 * and the type's content is there: SYNC and SYNC_ALL need status and data, STATUS needs status,
 * DATA and OUTCOMES need data. Each failure carries the spec's message.
 */
const syncTaskFields = z.object({
  type: z.optional(z.unknown()),
  campaignId: z.int(),
  testId: z.int(),
  userId: z.int(),
  version: z.optional(z.unknown()),
  status: z.optional(z.unknown()),
  data: z.optional(z.unknown()),
  retry: z.optional(z.object({ type: z.string(), attempt: z.int().check(z.minimum(0)) })),
});
export const syncTaskSchema = z.pipe(
  syncTaskFields.check(
    z.superRefine((task, ctx) => {
      if (task.version !== undefined && !Number.isInteger(task.version)) {
        ctx.addIssue({ code: 'custom', path: ['version'], message: SYNC_ERRORS.version });
        return;
      }
      if (typeof task.type !== 'string' || !(SYNC_TASK_TYPES as readonly string[]).includes(task.type)) {
        ctx.addIssue({ code: 'custom', path: ['type'], message: SYNC_ERRORS.type });
        return;
      }
      const rule = dataRules[task.type as SyncTaskType];
      if (!rule.ok(task)) ctx.addIssue({ code: 'custom', path: [], message: rule.message });
    }),
  ),
  z.transform((task: z.output<typeof syncTaskFields>) => ({
    ...task,
    type: task.type as SyncTaskType,
    version: (task.version as number | undefined) ?? 0,
  })),
);
export type SyncTask = z.output<typeof syncTaskSchema>;
export type SyncTaskInput = z.input<typeof syncTaskSchema>;

export type SyncTaskValidation = { ok: true; task: SyncTask } | { ok: false; message: string };

/** Validates a queue task; the first problem's message is one of SYNC_ERRORS (or a field error for ids). */
export function validateSyncTask(task: unknown): SyncTaskValidation {
  const result = syncTaskSchema.safeParse(task);
  if (result.success) return { ok: true, task: result.data };
  const issue = result.error.issues.find((i) => i.code === 'custom') ?? result.error.issues[0];
  const message = issue.code === 'custom' ? issue.message : `Invalid request: ${issue.path.join('.')} ${issue.message}`;
  return { ok: false, message };
}

/** 422 answer when a test may not be started (locked by prerequisites, or complete and not repeatable). */
export const testLockedErrorSchema = z.object({
  status: z.literal(false),
  code: z.literal('TEST_LOCKED'),
  message: z.string(),
  missingPrerequisites: z.array(z.int()),
});
export type TestLockedError = z.infer<typeof testLockedErrorSchema>;
