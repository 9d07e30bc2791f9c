import { z } from './zod';
import { langSchema } from './common';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './limits';

/** `operator`: staff of the platform itself, who also manage what every company shares (its languages); given only by `npm run import`. */
export const ROLES = ['user', 'Assessor', 'admin', 'superassessor', 'operator'] as const;
export const OPERATOR_ROLE = 'operator';
/** The people a campaign assesses: counted, listed and invited as its candidates (assessors and staff are not). */
export const CANDIDATE_ROLE = 'user';
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const emailSchema = z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX_LENGTH)), z.email());

export const loginRequestSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1), z.maxLength(EMAIL_MAX_LENGTH)),
  password: z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH)),
  timezone: z.optional(z.string().check(z.maxLength(64))),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const userSchema = z.object({
  id: z.int(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  gender: z.nullable(z.enum(['M', 'F'])),
  lang: z.nullable(langSchema),
  role: z.object({ name: roleSchema }),
  privacy: z.boolean(),
  hasSSO: z.boolean(),
  /** GET /auth/me only: this session began by single sign-on (logout then leads to /sso/logout). */
  viaSso: z.optional(z.boolean()),
  company: z.object({ id: z.int(), name: z.string(), logo: z.nullable(z.string()) }),
  isAssessor: z.boolean(),
  permissions: z.array(z.string()),
});
export type User = z.infer<typeof userSchema>;

export const meResponseSchema = z.object({ status: z.literal(true), user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * POST /auth/login for a person who has no password yet (imported without one): the spec's "token and
 * email" answer, meaning a password must be set. The server has just mailed that person a link to
 * set it. `token` is only the public half of that link's token: it sets nothing on its own, the other
 * half travels only in the mail. The web app tells the person to open the mail.
 */
export const passwordMustBeSetResponseSchema = z.object({
  status: z.literal(true),
  passwordMustBeSet: z.literal(true),
  token: z.string(),
  email: z.string(),
});
export type PasswordMustBeSetResponse = z.infer<typeof passwordMustBeSetResponseSchema>;
