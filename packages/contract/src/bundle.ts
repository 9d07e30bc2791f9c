import { z } from 'zod';
import { emailSchema, roleSchema } from './auth';
import { langSchema } from './common';
import { DB_INT_MAX, DEFAULT_RANGE_360, LANGS, type LangCode, PASSWORD_MAX_LENGTH } from './limits';

// The import format (docs/bundle-format.md). Parsing checks the shape of one document and fills
// in the defaults; references between records and to the database are checked by the importer.

/**
 * A localized text after parsing: always an object keyed by language code. A plain string in the
 * bundle means "every language" and becomes `{ IT_it: text }`, which the fallback rule
 * (missing language -> IT_it -> first given) turns into the same text everywhere.
 */
export type LocalizedText = Partial<Record<LangCode, string>>;

const LANG_LIST = LANGS.join(', ');

/** The exact error of a company without a name (spec 5 'Forms'), in bundles and in the staff API alike. */
export const COMPANY_NAME_ERROR = 'No valid company name';
/** The exact error of a test without a name (spec 5 'Forms'), in bundles and in the staff API alike. */
export const TEST_NAME_ERROR = 'No valid Test name';

function isLang(key: string): key is LangCode {
  return (LANGS as readonly string[]).includes(key);
}

/** A string or `{ IT_it, EN_en, ES_es }` (any subset), normalized to the object form; `missing` is the error without one. */
const localizedText = (missing: string) =>
  z.unknown().transform((value, ctx): LocalizedText => {
    if (typeof value === 'string') return { IT_it: value };
    if (value === undefined || value === null) {
      ctx.addIssue({ code: 'custom', message: missing });
      return z.NEVER;
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      ctx.addIssue({ code: 'custom', message: `Expected a text or an object keyed by language code (${LANG_LIST})` });
      return z.NEVER;
    }
    const out: LocalizedText = {};
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) {
      ctx.addIssue({ code: 'custom', message: `Expected at least one language (${LANG_LIST})` });
    }
    for (const [key, text] of entries) {
      if (!isLang(key)) {
        ctx.addIssue({ code: 'custom', path: [key], message: `Unknown language code "${key}" (use ${LANG_LIST})` });
      } else if (typeof text !== 'string') {
        ctx.addIssue({ code: 'custom', path: [key], message: 'Expected a text' });
      } else {
        out[key] = text;
      }
    }
    return out;
  });

/** A string or `{ IT_it, EN_en, ES_es }` (any subset), normalized to the object form. */
export const localizedTextSchema = localizedText('Required: a text or an object keyed by language code');

/** Optional localized text that defaults to the empty text, so stored rows always have an object. */
const optionalText = localizedTextSchema.optional().transform((v): LocalizedText => v ?? { IT_it: '' });

/** A text that must be there and not blank: `message` when it is missing or blank (e.g. 'No valid Test name'). */
function requiredText(message: string) {
  return localizedText(message).refine((text) => Object.values(text).some((v) => v.trim() !== ''), { message });
}

/** An id the database keeps in an integer column (32 bits on PostgreSQL): a larger one is a problem listed, not a failed write. */
const dbIdSchema = z.number().int().positive().max(DB_INT_MAX);
/** Any other number kept in an integer column (a relation, a 360 question or answer id). */
const dbIntSchema = z
  .number()
  .int()
  .min(-DB_INT_MAX - 1)
  .max(DB_INT_MAX);
const testIdSchema = dbIdSchema;
const instantSchema = z.iso.datetime({
  offset: true,
  error: 'Expected an ISO 8601 instant with seconds and a time zone, e.g. 2026-11-02T09:00:00+01:00',
});
const urlOrPathSchema = z.string().trim().min(1, 'Expected a URL or a path');
const bool = (fallback: boolean) => z.boolean().default(fallback);

export const bundleLanguageSchema = z.object({
  lang: langSchema,
  name: z.string().trim().min(1, 'Expected the language name'),
});

export const bundleSsoSchema = z.looseObject({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'Expected a slug of lowercase letters, digits and dashes'),
  type: z.literal('oidc', { error: 'Only "oidc" is supported' }).default('oidc'),
  issuer: z.url({ error: 'Expected the issuer URL' }),
  clientId: z.string().min(1, 'Expected the client id'),
  clientSecret: z.string().optional(),
  emailClaim: z.string().min(1).default('email'),
});

export const bundleCompanySchema = z.object({
  id: dbIdSchema.optional(),
  name: z.string({ error: COMPANY_NAME_ERROR }).trim().min(1, COMPANY_NAME_ERROR),
  logo: urlOrPathSchema.nullish(),
  sso: bundleSsoSchema.optional(),
});

export const bundleUserSchema = z.object({
  id: dbIdSchema.optional(),
  company: z.string({ error: 'Expected the company name' }).trim().min(1, 'Expected the company name'),
  email: emailSchema,
  password: z.string().min(1, 'Expected a password or no password field').max(PASSWORD_MAX_LENGTH).optional(),
  firstName: z.string().trim().default(''),
  lastName: z.string().trim().default(''),
  gender: z.enum(['M', 'F']).nullish(),
  lang: langSchema.nullish(),
  role: roleSchema.default('user'),
  hasSSO: bool(false),
  privacy: bool(false),
});

const previewSchema = z.looseObject({
  type: z.enum(['email', 'chat']).optional(),
  sender: z.string().optional(),
  time: z.string().optional(),
  subject: localizedTextSchema.optional(),
  content: localizedTextSchema.optional(),
  messages: z.array(z.looseObject({ from: z.string(), text: localizedTextSchema })).optional(),
  img: z.string().optional(),
});

export const bundleTestSchema = z.object({
  id: testIdSchema,
  abbreviation: z.string({ error: 'Expected an abbreviation' }).trim().min(1, 'Expected an abbreviation'),
  name: requiredText(TEST_NAME_ERROR),
  description: optionalText,
  instructions: optionalText,
  url: urlOrPathSchema,
  img: z.string().nullish(),
  label: z.string().nullish(),
  repeatable: bool(false),
  legacy: bool(false),
  // Stored as given (known fields checked), read by the activities themselves.
  jsonData: z
    .looseObject({
      duration: z.number().nonnegative().optional(),
      hasTimer: z.boolean().optional(),
      exitMessage: localizedTextSchema.optional(),
      color: z.string().optional(),
      image: z.string().optional(),
      prerequisites: z.array(testIdSchema).optional(),
      options: z.record(z.string(), z.unknown()).optional(),
      autoInstructions: z.unknown().optional(),
      hetInstructions: z.unknown().optional(),
    })
    .default({}),
  theme: z.looseObject({ tag: z.string().optional(), duration: z.string().optional(), preview: previewSchema.optional() }).optional(),
  labels360: z
    .array(
      z.looseObject({
        lang: langSchema,
        details_360: z.string().optional(),
        details_auto: z.string().optional(),
        details_etero: z.string().optional(),
      }),
    )
    .optional(),
  algorithm: z.string().optional(),
});

export const bundleCampaignTestSchema = z.object({
  test: testIdSchema,
  prerequisites: z.array(testIdSchema).default([]),
  agendaDate: z.iso.date({ error: 'Expected a date as YYYY-MM-DD' }).nullish(),
  section: z.string().min(1).nullish(),
});

export const bundleParticipantSchema = z.object({
  user: emailSchema,
  lang: langSchema.nullish(),
  lastAccess: instantSchema.nullish(),
  extraTimePercent: z.number().int().min(0).max(1000).default(0),
});

export const bundleAssessmentSchema = z.object({
  assessor: emailSchema,
  assessed: z.array(emailSchema).min(1, 'Expected at least one assessed person'),
  /** Absent: every test of the campaign. */
  tests: z.array(testIdSchema).optional(),
});

export const bundleRelation360Schema = z.object({
  evaluator: emailSchema,
  evaluee: emailSchema,
  relationId: dbIntSchema,
  label: localizedTextSchema.optional(),
});

const bandsSchema = z.strictObject(
  {
    '1': localizedTextSchema.optional(),
    '2': localizedTextSchema.optional(),
    '3': localizedTextSchema.optional(),
    '4': localizedTextSchema.optional(),
  },
  { error: 'Feedback keys are the rating bands "1" to "4"' },
);

export const bundleQuestions360Schema = z.looseObject({
  closed: z.array(z.looseObject({ id: dbIntSchema, text: localizedTextSchema })).default([]),
  linked: z
    .array(
      z.looseObject({
        id: dbIntSchema,
        label: localizedTextSchema,
        min_answers: z.number().int().min(0).default(1),
        max_answers: z.number().int().min(1).default(1),
        columns: z.array(z.looseObject({ order: z.number().int(), label: localizedTextSchema })).min(1),
        answers: z.array(z.looseObject({ id: dbIntSchema, label: localizedTextSchema })).min(1),
      }),
    )
    .default([]),
  open: z.array(z.looseObject({ id: dbIntSchema, text: localizedTextSchema })).default([]),
});

export const bundleModelSchema = z.object({
  areas: z
    .array(
      z.looseObject({
        id: z.number().int(),
        name: localizedTextSchema,
        inProfile: bool(true),
        feedback: bandsSchema.optional(),
      }),
    )
    .default([]),
  skills: z.array(z.looseObject({ id: z.number().int(), areaId: z.number().int(), name: localizedTextSchema })).default([]),
  markers: z
    .array(
      z.looseObject({
        id: z.number().int(),
        skillId: z.number().int(),
        name: localizedTextSchema,
        feedback: bandsSchema.optional(),
        devSuggestion: localizedTextSchema.optional(),
      }),
    )
    .default([]),
  tasks: z
    .array(
      z.looseObject({
        id: z.number().int(),
        markerId: z.number().int(),
        name: localizedTextSchema.optional(),
        test: testIdSchema,
        outcome: z.union([z.string().min(1), z.number()], { error: 'Expected the outcome questionId' }),
        min: z.number(),
        max: z.number(),
      }),
    )
    .default([]),
});

export const bundleReportSchema = z.looseObject({
  canAssessedDownload: bool(true),
  allowEarlyDownload: bool(false),
  confidentialityThreshold: z.number().int().min(1).default(3),
  documents: z
    .array(
      z.looseObject({
        id: z.number().int(),
        name: localizedTextSchema.optional(),
        kind: z.string().optional(),
        visibleToAssessorsOnly: bool(false),
      }),
    )
    .default([]),
});

export const BUNDLE_CAMPAIGN_THEMES = ['dashboard', 'agenda', 'challenge'] as const;

export const bundleCampaignSchema = z.object({
  id: dbIdSchema,
  company: z.string({ error: 'Expected the company name' }).trim().min(1, 'Expected the company name'),
  name: optionalText,
  description: optionalText,
  onCompleteText: optionalText,
  noReportText: optionalText,
  theme: z.enum(BUNDLE_CAMPAIGN_THEMES).default('dashboard'),
  languages: z.array(langSchema).min(1, 'Expected at least one language').default(['IT_it']),
  dateStart: instantSchema,
  dateEnd: instantSchema,
  status: z.enum(['ACTIVE', 'COMPLETED', 'REPORT']).default('ACTIVE'),
  is360: bool(false),
  selfEvaluation: bool(false),
  range360Num: z.number().int().min(2).max(10).default(DEFAULT_RANGE_360),
  /** Absent: the importer stores the default Italian consent text. */
  privacyAgreement: localizedTextSchema.optional(),
  logo: urlOrPathSchema.nullish(),
  // The member lists replace what the campaign had when present; absent, they are left alone.
  tests: z.array(bundleCampaignTestSchema).optional(),
  participants: z.array(bundleParticipantSchema).optional(),
  assessments: z.array(bundleAssessmentSchema).optional(),
  relations360: z.array(bundleRelation360Schema).optional(),
  /** Layout data, stored as given. */
  data: z.record(z.string(), z.unknown()).nullish(),
  questions360: bundleQuestions360Schema.optional(),
  model: bundleModelSchema.optional(),
  report: bundleReportSchema.optional(),
});

export const BUNDLE_VERSION = 1;

export const bundleSchema = z.object({
  version: z
    .literal(BUNDLE_VERSION, { error: `Unsupported bundle version (this importer reads version ${BUNDLE_VERSION})` })
    .default(BUNDLE_VERSION),
  languages: z.array(bundleLanguageSchema).default([]),
  companies: z.array(bundleCompanySchema).default([]),
  users: z.array(bundleUserSchema).default([]),
  tests: z.array(bundleTestSchema).default([]),
  campaigns: z.array(bundleCampaignSchema).default([]),
});

/** The lists of a bundle and the schema of one item, for checking items one by one. */
export const BUNDLE_ITEM_SCHEMAS = {
  languages: bundleLanguageSchema,
  companies: bundleCompanySchema,
  users: bundleUserSchema,
  tests: bundleTestSchema,
  campaigns: bundleCampaignSchema,
} as const;

export type Bundle = z.infer<typeof bundleSchema>;
export type BundleInput = z.input<typeof bundleSchema>;
export type BundleCompany = z.infer<typeof bundleCompanySchema>;
export type BundleUser = z.infer<typeof bundleUserSchema>;
export type BundleTest = z.infer<typeof bundleTestSchema>;
export type BundleCampaign = z.infer<typeof bundleCampaignSchema>;
export type BundleModel = z.infer<typeof bundleModelSchema>;
export type BundleReport = z.infer<typeof bundleReportSchema>;
export type BundleQuestions360 = z.infer<typeof bundleQuestions360Schema>;
