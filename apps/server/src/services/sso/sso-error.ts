/**
 * Codes the browser lands with on /sso/error?code=... (spec section 8). The page has its own text for
 * NO_SSO, NO_ACTIVE_CAMPAIGN and USER_NOT_FOUND and the general message for every other code.
 */
export const SSO_ERROR_CODES = [
  'NO_SSO',
  'NO_ACTIVE_CAMPAIGN',
  'USER_NOT_FOUND',
  /** The provider could not be reached in time (discovery or token call). */
  'PROVIDER_UNREACHABLE',
  /** The sign-in did not come back valid: state, code, tokens, a missing e-mail claim, a refusal. */
  'SSO_FAILED',
  /** The provider says the e-mail address is not verified. */
  'EMAIL_NOT_VERIFIED',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

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
