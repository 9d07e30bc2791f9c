// Company single sign-on.

/**
 * Codes the browser lands with on /sso/error?code=... when single sign-on fails. The page has its own
 * text for the codes in SSO_ERROR_PAGE_CODES and the general message for every other one.
 */
export const SSO_ERROR_CODES = [
  /** The slug names no company with a working SSO set-up. */
  'NO_SSO',
  /** The person has no campaign open now. */
  'NO_ACTIVE_CAMPAIGN',
  /** The person the provider vouches for is not a user of the company. */
  'USER_NOT_FOUND',
  /** The provider could not be reached in time (discovery or token call). */
  'PROVIDER_UNREACHABLE',
  /** The sign-in did not come back valid: state, code, tokens, a missing e-mail claim, a refusal. */
  'SSO_FAILED',
  /** The provider says the e-mail address is not verified. */
  'EMAIL_NOT_VERIFIED',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

/** The codes with a message of their own on the error page. */
export const SSO_ERROR_PAGE_CODES = ['NO_SSO', 'NO_ACTIVE_CAMPAIGN', 'USER_NOT_FOUND'] as const satisfies readonly SsoErrorCode[];
export type SsoErrorPageCode = (typeof SSO_ERROR_PAGE_CODES)[number];

export function isSsoErrorPageCode(code: string | null | undefined): code is SsoErrorPageCode {
  return (SSO_ERROR_PAGE_CODES as readonly (string | null | undefined)[]).includes(code);
}
