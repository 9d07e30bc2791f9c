import { z } from './zod';

// A person's own data (issue 52, GDPR arts. 15 and 20): the account page "I miei dati" and the export file.
// docs/privacy.md says what each field is.

/** Someone other than the person opened their report (its page's data) or downloaded it (a PDF). */
export const reportViewKindSchema = z.enum(['opened', 'downloaded']);

export const reportViewSchema = z.object({
  kind: reportViewKindSchema,
  at: z.string(),
  campaign: z.object({ id: z.int(), name: z.string() }),
  /** Staff of the company or an assessor of the person: named, with the role they read it in. */
  viewer: z.object({ firstName: z.string(), lastName: z.string(), role: z.enum(['staff', 'assessor']) }),
});
export type ReportView = z.infer<typeof reportViewSchema>;

/** One acceptance of a privacy text: its version (a number) and the text's SHA-256, in which campaign, when. */
export const consentRecordSchema = z.object({
  campaign: z.nullable(z.object({ id: z.int(), name: z.string() })),
  version: z.int(),
  hash: z.string(),
  acceptedAt: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** GET /api/me/data: what the account page shows beside the download. */
export const myDataResponseSchema = z.object({
  status: z.literal(true),
  reportViews: z.array(reportViewSchema),
  consents: z.array(consentRecordSchema),
  /** The company collected the person's consent itself (a bundle's `privacy: true`): no text of the platform's. */
  consentDeclaredByCompany: z.boolean(),
});
export type MyDataResponse = z.infer<typeof myDataResponseSchema>;

/** The export's file name: `prova-dati-personali-<id>.zip` (data.json and reports/*.pdf inside). */
export const personalDataFileName = (userId: number) => `prova-dati-personali-${userId}.zip`;

const json = z.unknown();

/** data.json of the export: everything the platform holds about the person, and nobody else's data. */
export const personalDataSchema = z.object({
  format: z.literal('prova-personal-data'),
  formatVersion: z.literal(1),
  exportedAt: z.string(),
  person: z.object({
    id: z.int(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    gender: z.nullable(z.string()),
    lang: z.nullable(z.string()),
    role: z.string(),
    signsInWithSso: z.boolean(),
    consentDeclaredByCompany: z.boolean(),
    createdAt: z.string(),
    deactivatedAt: z.nullable(z.string()),
  }),
  company: z.object({ id: z.int(), name: z.string() }),
  campaigns: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      dateStart: z.string(),
      dateEnd: z.string(),
      status: z.string(),
      is360: z.boolean(),
      lang: z.nullable(z.string()),
      lastAccess: z.nullable(z.string()),
      extraTimePercent: z.number(),
      privacyConsentAt: z.nullable(z.string()),
      /** The person's layout storage (agenda, tutorial seen). */
      storage: json,
      invitations: z.nullable(z.object({ lastInvitedAt: z.string(), times: z.int() })),
    }),
  ),
  consents: z.array(
    z.object({
      campaignId: z.nullable(z.int()),
      campaignName: z.nullable(z.string()),
      version: z.int(),
      hash: z.string(),
      acceptedAt: z.string(),
      /** The text accepted, in the person's language (HTML as the campaign gives it). */
      text: z.string(),
    }),
  ),
  tests: z.array(
    z.object({
      campaignId: z.int(),
      testId: z.int(),
      testName: z.string(),
      status: z.string(),
      version: z.int(),
      /** What the test saved, as it saved it (parsed when it is JSON). */
      data: json,
      startedAt: z.nullable(z.string()),
      endsAt: z.nullable(z.string()),
      updatedAt: z.string(),
      /** The language the test was taken in (recorded when it was opened), if known. */
      lang: z.nullable(z.string()),
      /** Earlier attempts, replaced by a repeat or a staff reset. */
      replacedAttempts: z.array(
        z.object({
          status: z.string(),
          version: z.int(),
          data: json,
          updatedAt: z.string(),
          archivedAt: z.string(),
          reason: z.string(),
        }),
      ),
    }),
  ),
  outcomes: z.array(
    z.object({
      campaignId: z.int(),
      testId: z.int(),
      /** client (the activity), server (scored by the platform), assessor (an assessor's rating). */
      source: z.string(),
      values: json,
      createdAt: z.string(),
      /** Set for outcomes a staff reset replaced. */
      archivedAt: z.nullable(z.string()),
    }),
  ),
  /** Points assessors gave the items of a QTI test they rate (the assessor not named). */
  itemRatings: z.array(z.object({ campaignId: z.int(), testId: z.int(), itemId: z.string(), points: z.number(), ratedAt: z.string() })),
  /**
   * The 360 answers the person gave as a rater. The one rated is `self`, or a colleague shown only as
   * `colleague-<n>` (numbered in the campaign) with the relation the person had to them: never named.
   */
  answers360Given: z.array(
    z.object({
      campaignId: z.int(),
      rated: z.string(),
      relation: z.nullable(z.string()),
      questionId: z.int(),
      answerId: z.int(),
      value: z.nullable(z.number()),
      textValue: z.nullable(z.string()),
      notObserved: z.boolean(),
      updatedAt: z.string(),
    }),
  ),
  /** Each campaign's report as the person's report page gives it (360 results grouped above the threshold only). */
  reports: z.array(
    z.object({
      campaignId: z.int(),
      available: z.boolean(),
      values: json,
      /** The PDF's path in the zip, when the report is available. */
      pdf: z.nullable(z.string()),
    }),
  ),
  reportViews: z.array(reportViewSchema),
  signIns: z.object({
    /** Sessions still open. */
    sessions: z.array(z.object({ campaignId: z.nullable(z.int()), viaSso: z.boolean(), startedAt: z.string(), expiresAt: z.string() })),
    /** The person's own sign-in events from the audit trail. */
    events: z.array(z.object({ at: z.string(), event: z.string(), ip: z.nullable(z.string()) })),
  }),
  logs: z.array(z.object({ campaignId: z.nullable(z.int()), testId: z.nullable(z.int()), data: json, createdAt: z.string() })),
});
export type PersonalData = z.infer<typeof personalDataSchema>;
