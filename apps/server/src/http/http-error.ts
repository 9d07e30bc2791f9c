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
export const notFound = (what = 'Resource') => new HttpError(404, 'NOT_FOUND', `${what} not found`);
/** A save into a test that is complete, or whose time ran out: nothing was changed. */
export const testComplete = (timeUp: boolean) =>
  new HttpError(
    409,
    'TEST_COMPLETE',
    timeUp ? 'Time is up: the test is complete and takes no more answers' : 'The test is complete and takes no more answers',
  );
/** A write into a campaign that is over (acceptsAnswers, domain/campaign-window.ts): nothing was changed. */
export const campaignClosed = () => new HttpError(409, 'CAMPAIGN_CLOSED', 'The campaign is over and takes no more answers');
