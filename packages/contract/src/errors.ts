import { z } from './zod';

// Error codes the API answers with. The client maps each to a translated text.
export const ERROR_CODES = [
  'WRONG_CREDENTIALS',
  'NO_ACTIVE_CAMPAIGN',
  'NO_PRIVACY_CONSENT',
  'NO_SELECTED_CAMPAIGN',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'VALIDATION',
  'CROSS_ORIGIN',
  'RATE_LIMITED',
  'INVALID_USER',
  'INVALID_TOKEN',
  'TEST_LOCKED',
  'TEST_COMPLETE',
  /** 409: the campaign is over (no longer ACTIVE, or past its end) and takes no more answers, starts or storage. */
  'CAMPAIGN_CLOSED',
  /**
   * 409: the save comes from a browser window that no longer holds the attempt (the test was opened in another window
   * since): not applied. The window says so and offers to continue there, which opens the test again (and takes it over).
   */
  'WINDOW_SUPERSEDED',
  /** 422: a repeatable test taken MAX_TEST_ATTEMPTS times already: no new attempt starts. */
  'ATTEMPTS_EXHAUSTED',
  'PAYLOAD_TOO_LARGE',
  /** 429: the person logged as much as LOG_QUOTA allows for now; the entry is not kept, and sending it again will not help. */
  'LOG_QUOTA_EXCEEDED',
  /** 409: not available yet (a report the download rules hold back, or with nothing to show); never a 401/403, which mean the session. */
  'REPORT_NOT_AVAILABLE',
  'SSO_REQUIRED',
  /** 409: the same thing exists already (an e-mail, an abbreviation, an assignment), or a job is not in the state the call needs. */
  'CONFLICT',
  /** 409: refused because it is in use and results would be lost (a test with progress, a company with people). */
  'IN_USE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const fieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
  /** A stable name of the problem, where a client says it in its own words (a web activity's zip: WEB_ACTIVITY_PROBLEMS). */
  code: z.optional(z.string()),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** Body of every non-2xx answer. */
export const apiErrorSchema = z.object({
  status: z.literal(false),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  errors: z.optional(z.array(fieldIssueSchema)),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Server message when no campaign is selected in the session. */
export const NO_SELECTED_CAMPAIGN_MESSAGE = 'no selected campaign found.';

/** Turns zod issues into `path: message` pairs, the form imports and API errors share. */
export function toFieldIssues(error: z.core.$ZodError, prefix = ''): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: formatPath(prefix, issue.path),
    message: issue.message,
  }));
}

export function formatPath(prefix: string, path: readonly PropertyKey[]): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}
