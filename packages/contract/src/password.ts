import { z } from './zod';
import { emailSchema } from './auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

// Password reset and new password.
//
// HTTP answers, so the client can rely on them:
// - POST /api/auth/sendPasswordReset: always 200 `{ status: true }`, whether or not the address
//   exists (no account discovery). 429 RATE_LIMITED when asked too often.
// - POST /api/auth/checkToken: always 200; `status: false` with a `code` is a normal answer, not an
//   error: INVALID_USER (no such account: go to /login) or INVALID_TOKEN (wrong, used or expired
//   link: go to /login with `username` prefilled).
// - POST /api/auth/resetPassword: 200 `{ status: true, username }`; otherwise the usual error body
//   (`apiErrorSchema`) with 422 and code INVALID_USER, INVALID_TOKEN, or VALIDATION whose `errors`
//   list every failing rule as `{ path: 'password', message: <one of PASSWORD_ERROR_KEYS> }`.

/** A reset link stays valid this long, and only for one use. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

const tokenSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(128));

export const sendPasswordResetRequestSchema = z.object({ email: emailSchema });
export type SendPasswordResetRequest = z.infer<typeof sendPasswordResetRequestSchema>;
export const sendPasswordResetResponseSchema = z.object({ status: z.literal(true) });

export const checkTokenRequestSchema = z.object({ email: emailSchema, token: tokenSchema });
export type CheckTokenRequest = z.infer<typeof checkTokenRequestSchema>;

export const CHECK_TOKEN_CODES = ['INVALID_USER', 'INVALID_TOKEN'] as const;
export type CheckTokenCode = (typeof CHECK_TOKEN_CODES)[number];

export const checkTokenResponseSchema = z.union([
  z.object({ status: z.literal(true), username: z.string() }),
  z.object({ status: z.literal(false), code: z.literal('INVALID_USER') }),
  z.object({ status: z.literal(false), code: z.literal('INVALID_TOKEN'), username: z.string() }),
]);
export type CheckTokenResponse = z.infer<typeof checkTokenResponseSchema>;

/** The password-reset payload; the form's confirmPassword travels as password_confirmation. */
export const resetPasswordRequestSchema = z.object({
  email: emailSchema,
  token: tokenSchema,
  // Length and strength are checked by the rules below, so a weak password gets their keys, not a zod message.
  password: z.string().check(z.maxLength(PASSWORD_MAX_LENGTH)),
  password_confirmation: z.string().check(z.maxLength(PASSWORD_MAX_LENGTH)),
  timezone: z.optional(z.string().check(z.maxLength(64))),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const resetPasswordResponseSchema = z.object({ status: z.literal(true), username: z.string() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Client-side rules, shared by the web form and the server.

export const PASSWORD_RULES = ['min', 'lowercase', 'uppercase', 'digit', 'confirmation'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/**
 * The rules the new password breaks, in the order the messages are shown (all joined together):
 * min 'La password deve essere lunga almeno 8 caratteri'; lowercase / uppercase / digit 'La password
 * deve contenere almeno una lettera minuscola / maiuscola / un numero'; confirmation 'Le password
 * non coincidono'. An empty list means the form may be sent.
 */
export function passwordRuleFailures(password: string, confirmation: string): PasswordRule[] {
  const failures: PasswordRule[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) failures.push('min');
  if (!/\p{Ll}/u.test(password)) failures.push('lowercase');
  if (!/\p{Lu}/u.test(password)) failures.push('uppercase');
  if (!/\p{Nd}/u.test(password)) failures.push('digit');
  if (password !== confirmation) failures.push('confirmation');
  return failures;
}

/** The submit button is marked active at 8 characters or more with a matching confirmation. */
export function canSubmitNewPassword(password: string, confirmation: string): boolean {
  return [...password].length >= PASSWORD_MIN_LENGTH && password === confirmation;
}

/** The form's schema: each issue's message is a PasswordRule key, on `password` or `password_confirmation`. */
export const newPasswordFormSchema = z
  .object({
    password: z.string().check(z.maxLength(PASSWORD_MAX_LENGTH)),
    password_confirmation: z.string().check(z.maxLength(PASSWORD_MAX_LENGTH)),
  })
  .check(
    z.superRefine((value, ctx) => {
      for (const rule of passwordRuleFailures(value.password, value.password_confirmation)) {
        ctx.addIssue({ code: 'custom', message: rule, path: [rule === 'confirmation' ? 'password_confirmation' : 'password'] });
      }
    }),
  );
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

// ---------------------------------------------------------------------------------------------
// Server-side rules: the keys a 422 VALIDATION answer carries as `errors[].message`.

export const PASSWORD_POLICY_KEYS = [
  'validation.password.letters',
  'validation.password.mixed',
  'validation.password.numbers',
  'validation.password.symbols',
  'validation.password.uncompromised',
] as const;
export type PasswordPolicyKey = (typeof PASSWORD_POLICY_KEYS)[number];

/** Length and confirmation, the two client rules the server also enforces. */
export const PASSWORD_BASIC_KEYS = ['validation.password.min', 'validation.password.confirmed'] as const;

export const PASSWORD_ERROR_KEYS = [...PASSWORD_BASIC_KEYS, ...PASSWORD_POLICY_KEYS] as const;
export type PasswordErrorKey = (typeof PASSWORD_ERROR_KEYS)[number];

/**
 * What each key means (English; the web app keeps the translated texts, each prefixed by the title
 * 'Password validation error :' for the policy keys).
 */
export const PASSWORD_ERROR_MEANING: Record<PasswordErrorKey, string> = {
  'validation.password.min': `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  'validation.password.confirmed': 'The passwords do not match.',
  'validation.password.symbols': 'The password must contain at least one symbol.',
  'validation.password.letters': 'The password must contain at least one letter.',
  'validation.password.numbers': 'The password must contain at least one number.',
  'validation.password.mixed': 'The password must contain at least one uppercase and one lowercase letter.',
  'validation.password.uncompromised': 'The given password is too common or too easy to guess: choose a more complex one.',
};
