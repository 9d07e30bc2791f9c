import { z } from './zod';
import { langSchema } from './common';

/**
 * GET /auth/privacy/agreement: the privacy text of the selected campaign, or with none selected the one the person
 * accepted last (empty when there is none). Consent is given once per company and text version: `acceptedAt` is when
 * the person accepted this version, in whichever campaign of their company. Not in auth.ts, which the sign-in page's
 * shell holds: only the privacy page and the server read it.
 */
export const privacyAgreementResponseSchema = z.object({
  status: z.literal(true),
  privacy: z.string(),
  /** The language the text is written in: the person's when the company wrote it in theirs, else one it has. */
  lang: langSchema,
  acceptedAt: z.nullable(z.string()),
  /** The company collected the consent itself (the bundle's `privacy: true`): the person is not asked. */
  consentDeclaredByCompany: z.boolean(),
});
export type PrivacyAgreement = z.infer<typeof privacyAgreementResponseSchema>;
