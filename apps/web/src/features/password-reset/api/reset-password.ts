import {
  PASSWORD_ERROR_KEYS,
  resetPasswordResponseSchema,
  type PasswordErrorKey,
  type ResetPasswordRequest,
} from '@prova/contract/password';
import { useMutation } from '@tanstack/react-query';
import { api, isApiClientError } from '@/lib/api-client';
import { browserTimezone } from '@/lib/browser-timezone';

/** Sets the new password through the link (the password-reset payload). */
export function resetPassword(body: ResetPasswordRequest) {
  return api.post('/auth/resetPassword', { ...body, timezone: body.timezone ?? browserTimezone() }, resetPasswordResponseSchema);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** The rules the server refused the password for (422 VALIDATION), in the order it sent them. */
export function passwordErrorKeys(error: unknown): PasswordErrorKey[] {
  if (!isApiClientError(error) || error.code !== 'VALIDATION') return [];
  const known = PASSWORD_ERROR_KEYS as readonly string[];
  const keys = error.fieldErrors.map((issue) => issue.message).filter((key): key is PasswordErrorKey => known.includes(key));
  return [...new Set(keys)];
}
