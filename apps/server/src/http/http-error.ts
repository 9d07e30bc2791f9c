import type { ErrorCode, FieldIssue } from '@prova/contract/errors';

/** An error the API answers with as `{ status: false, code, message, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldIssue[],
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, 'UNAUTHENTICATED', 'Authentication required');
export const forbidden = (message = 'Not allowed') => new HttpError(403, 'FORBIDDEN', message);
/** A body the route's schema let through but the product's rules refuse: 422 VALIDATION, as a schema's refusal is. */
export const invalidBody = (errors: FieldIssue[]) => new HttpError(422, 'VALIDATION', `${errors[0].path}: ${errors[0].message}`, errors);
export const notFound = (what = 'Resource') => new HttpError(404, 'NOT_FOUND', `${what} not found`);

/**
 * What exists but is another company's: answered exactly as not found, so that nobody learns it exists, and written
 * as an `audit` entry by the error handler (who asked for what, and whose it is), so that a probe is seen.
 */
export class OtherCompanyError extends HttpError {
  constructor(
    what: string,
    /** What was asked for, as `campaigns/5001` or `people/12`. */
    readonly target: string,
    readonly ownerCompanyId: number,
  ) {
    super(404, 'NOT_FOUND', `${what} not found`);
  }
}

/** A start (or a write) the test's rules lock: 422 TEST_LOCKED naming the prerequisites still missing. */
export class TestLockedHttpError extends HttpError {
  constructor(
    message: string,
    readonly missingPrerequisites: number[],
  ) {
    super(422, 'TEST_LOCKED', message);
  }
}

/** Not found: another company's (`ownerCompanyId`, audited), or nobody's. */
export const notFoundUnlessOthers = (what: string, target: string, ownerCompanyId: number | null | undefined) =>
  ownerCompanyId === null || ownerCompanyId === undefined ? notFound(what) : new OtherCompanyError(what, target, ownerCompanyId);
/** A save into a test that is complete, or whose time ran out: nothing was changed. */
export const testComplete = (timeUp: boolean) =>
  new HttpError(
    409,
    'TEST_COMPLETE',
    timeUp ? 'Time is up: the test is complete and takes no more answers' : 'The test is complete and takes no more answers',
  );
/** A save from a browser window that no longer holds the attempt (another opened the test since): nothing was changed. */
export const windowSuperseded = () =>
  new HttpError(409, 'WINDOW_SUPERSEDED', 'The test is open in another window: this save was not applied');
/** A write into a campaign that is over (acceptsAnswers, domain/campaign-window.ts): nothing was changed. */
export const campaignClosed = (message = 'The campaign is over and takes no more answers') =>
  new HttpError(409, 'CAMPAIGN_CLOSED', message);
/** An assessor's rating or note once the campaign is over and its assessments are not reopened (acceptsRatings). */
export const ratingsLocked = () => campaignClosed('The campaign is closed: its ratings are locked');
