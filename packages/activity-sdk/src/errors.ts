// Error messages of the activity interface (docs/activity-interface.md). Activities may match
// on `message` or on `code`; both are stable.
import type { ErrorPayload } from './protocol';

export const MESSAGES = {
  invalidTrackingData: 'Invalid tracking data',
  notInitialized: 'API not initialized',
  actionMissing: 'action not provided',
  userIdMissing: 'no user id defined',
  initFailed: 'API initialization error',
  assessedOutcomesFailed: 'Assessed outcomes retrieval error',
  assessedTrackingFailed: 'Assessed tracking error',
  assessedStoreInvalid: 'Assessed store error',
  assessedStoreFailed: 'Assessed store retrieval error',
  samplesFailed: 'Samples retrieval error',
  notInIframe:
    'ProvaActivity must run inside the Prova host page: this page has no parent window. Open it from the platform, or try it locally with the mock host (node packages/activity-sdk/mock/serve.mjs <activity-dir>).',
  hostOriginUnknown: `ProvaActivity cannot tell the host's origin: open the activity with ?provaHost=<host origin> in its URL.`,
  hostSilent: 'The Prova host did not answer the handshake',
} as const;

export type ErrorCode =
  | 'INVALID_TRACKING_DATA'
  | 'NOT_INITIALIZED'
  | 'INVALID_PARAMS'
  | 'FORBIDDEN'
  | 'NOT_AVAILABLE'
  | 'NOT_IN_IFRAME'
  | 'NO_HOST'
  | 'TIMEOUT'
  | 'INVALID_RESPONSE'
  | 'HANDLER_ERROR';

export function assessorOnlyMessage(method: string): string {
  return `Not allowed: ${method} is for assessors only`;
}

/** The error every rejected call carries: a plain Error with a stable code (and the HTTP status for rpc). */
export class ProvaError extends Error {
  readonly code: string;
  readonly status?: number;

  constructor(message: string, code: ErrorCode | string, status?: number) {
    super(message);
    this.name = 'ProvaError';
    this.code = code;
    if (status !== undefined) this.status = status;
  }

  toPayload(): ErrorPayload {
    return { message: this.message, code: this.code, ...(this.status === undefined ? {} : { status: this.status }) };
  }

  static fromPayload(payload: ErrorPayload): ProvaError {
    return new ProvaError(payload.message, payload.code ?? 'HANDLER_ERROR', payload.status);
  }
}
