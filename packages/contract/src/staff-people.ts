import { z } from './zod';
import { emailSchema, roleSchema } from './auth';
import { idSchema, langSchema } from './common';
import { companyScopeQuerySchema, pageInfoSchema, pageQuerySchema, trimmedText } from './staff';

// people (endpoint people): the company's users. Created without a password: an invitation (or their
// first sign-in) mails them a link to set one. DELETE deactivates (a soft delete): the person can no
// longer sign in, their sessions end, and every result stays; PUT { active: true } brings them back.
// Staff cannot deactivate themselves nor take away their own staff role (409 CONFLICT).

export const personSchema = z.object({
  id: z.int(),
  companyId: z.int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.nullable(z.enum(['M', 'F'])),
  lang: z.nullable(langSchema),
  role: roleSchema,
  hasSSO: z.boolean(),
  /** A password is set; false for people imported or created without one. */
  hasPassword: z.boolean(),
  active: z.boolean(),
  deactivatedAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** The company's campaigns they take part in. */
  campaignIds: z.array(z.int()),
});
export type Person = z.infer<typeof personSchema>;

export const personQuerySchema = z.extend(z.extend(companyScopeQuerySchema, pageQuerySchema.shape), {
  /** Part of the first name, last name or e-mail, any case. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  role: z.optional(roleSchema),
  campaignId: z.optional(idSchema),
  /** `yes`: active only (the default), `no`: deactivated only, `all`. */
  active: z._default(z.enum(['yes', 'no', 'all']), 'yes'),
});
export type PersonQuery = z.input<typeof personQuerySchema>;

export const personCreateSchema = z.object({
  email: emailSchema,
  firstName: z._default(trimmedText(100), ''),
  lastName: z._default(trimmedText(100), ''),
  gender: z.nullish(z.enum(['M', 'F'])),
  lang: z.nullish(langSchema),
  role: z._default(roleSchema, 'user'),
  hasSSO: z._default(z.boolean(), false),
});
export type PersonCreate = z.input<typeof personCreateSchema>;

/** PUT /people/{id}: only the fields given change. */
export const personUpdateSchema = z.object({
  email: z.optional(emailSchema),
  firstName: z.optional(trimmedText(100)),
  lastName: z.optional(trimmedText(100)),
  gender: z.nullish(z.enum(['M', 'F'])),
  lang: z.nullish(langSchema),
  role: z.optional(roleSchema),
  hasSSO: z.optional(z.boolean()),
  active: z.optional(z.boolean()),
});
export type PersonUpdate = z.infer<typeof personUpdateSchema>;

export const personListResponseSchema = z.extend(pageInfoSchema, { status: z.literal(true), people: z.array(personSchema) });
export const personResponseSchema = z.object({ status: z.literal(true), person: personSchema });
export type PersonListResponse = z.infer<typeof personListResponseSchema>;
