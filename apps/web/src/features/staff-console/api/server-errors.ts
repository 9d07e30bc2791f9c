import { isApiClientError } from '@/lib/api-client';

/**
 * The 422 VALIDATION answer's problems by form field: `body.name` -> `name`. The messages are the
 * contract's own (the schemas the form validates with), so a field shows the same words either way.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiClientError(error) || error.code !== 'VALIDATION') return {};
  const out: Record<string, string> = {};
  for (const issue of error.fieldErrors) {
    const field = issue.path.replace(/^body\.?/, '').split(/[.[]/)[0];
    if (field && !out[field]) out[field] = issue.message;
  }
  return out;
}

/** The API's error code (CONFLICT, IN_USE, NOT_FOUND...), if the error is an answer of the API. */
export function errorCode(error: unknown): string | undefined {
  return isApiClientError(error) ? error.code : undefined;
}
