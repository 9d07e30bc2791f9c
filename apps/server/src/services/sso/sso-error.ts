import type { SsoErrorCode } from '@prova/contract/sso';

/** A failed sign-in; its code (shared with the web error page, @prova/contract/sso) goes to /sso/error. */
export class SsoError extends Error {
  constructor(
    readonly code: SsoErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const ssoErrorPath = (code: SsoErrorCode) => `/sso/error?code=${code}`;
