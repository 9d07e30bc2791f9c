import { z } from './zod';
import { emailSchema, roleSchema } from './auth';
import { adaptiveSettingsSchema } from './adaptive';
import { normTableSchema } from './norms';
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
  z.pipe(
    z.unknown(),
    z.transform((value, payload): LocalizedText => {
      const problem = (message: string, path: PropertyKey[] = []) => payload.issues.push({ code: 'custom', path, message, input: value });
      if (typeof value === 'string') return { IT_it: value };
      if (value === undefined || value === null) {
        problem(missing);
        return z.NEVER;
      }
      if (typeof value !== 'object' || Array.isArray(value)) {
        problem(`Expected a text or an object keyed by language code (${LANG_LIST})`);
        return z.NEVER;
      }
      const out: LocalizedText = {};
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 0) {
        problem(`Expected at least one language (${LANG_LIST})`);
      }
      for (const [key, text] of entries) {
        if (!isLang(key)) {
          problem(`Unknown language code "${key}" (use ${LANG_LIST})`, [key]);
        } else if (typeof text !== 'string') {
          problem('Expected a text', [key]);
        } else {
          out[key] = text;
        }
      }
      return out;
    }),
  );

/** A string or `{ IT_it, EN_en, ES_es }` (any subset), normalized to the object form. */
export const localizedTextSchema = localizedText('Required: a text or an object keyed by language code');

/** Optional localized text that defaults to the empty text, so stored rows always have an object. */
const optionalText = z.pipe(
  z.optional(localizedTextSchema),
  z.transform((v): LocalizedText => v ?? { IT_it: '' }),
);

/** A text that must be there and not blank: `message` when it is missing or blank (e.g. 'No valid Test name'). */
function requiredText(message: string) {
  return localizedText(message).check(z.refine((text) => Object.values(text).some((v) => v.trim() !== ''), { message }));
}

/** An id the database keeps in an integer column (32 bits on PostgreSQL): a larger one is a problem listed, not a failed write. */
const dbIdSchema = z.int().check(z.positive(), z.maximum(DB_INT_MAX));
/** Any other number kept in an integer column (a relation, a 360 question or answer id). */
const dbIntSchema = z.int().check(z.minimum(-DB_INT_MAX - 1), z.maximum(DB_INT_MAX));
const testIdSchema = dbIdSchema;
const instantSchema = z.iso.datetime({
  offset: true,
  error: 'Expected an ISO 8601 instant with seconds and a time zone, e.g. 2026-11-02T09:00:00+01:00',
});
const urlOrPathSchema = z.string().check(z.trim(), z.minLength(1, 'Expected a URL or a path'));
const bool = (fallback: boolean) => z._default(z.boolean(), fallback);
/** Longest company name, in a bundle as in the console; names, slugs and abbreviations are unique keys, kept well within what an index holds. */
export const COMPANY_NAME_MAX = 200;
const atMost = (max: number) => z.maxLength(max, `At most ${max} characters`);
const companyNameSchema = z
  .string({ error: 'Expected the company name' })
  .check(z.trim(), z.minLength(1, 'Expected the company name'), atMost(COMPANY_NAME_MAX));

export const bundleLanguageSchema = z.object({
  lang: langSchema,
  name: z.string().check(z.trim(), z.minLength(1, 'Expected the language name')),
});

export const bundleSsoSchema = z.looseObject({
  slug: z.string().check(z.regex(/^[a-z0-9][a-z0-9-]*$/, 'Expected a slug of lowercase letters, digits and dashes'), atMost(100)),
  type: z._default(z.literal('oidc', { error: 'Only "oidc" is supported' }), 'oidc'),
  issuer: z.url({ error: 'Expected the issuer URL' }),
  clientId: z.string().check(z.minLength(1, 'Expected the client id')),
  clientSecret: z.optional(z.string()),
  emailClaim: z._default(z.string().check(z.minLength(1)), 'email'),
});

export const bundleCompanySchema = z.object({
  id: z.optional(dbIdSchema),
  name: z.string({ error: COMPANY_NAME_ERROR }).check(z.trim(), z.minLength(1, COMPANY_NAME_ERROR), atMost(COMPANY_NAME_MAX)),
  logo: z.nullish(urlOrPathSchema),
  sso: z.optional(bundleSsoSchema),
});

export const bundleUserSchema = z.object({
  id: z.optional(dbIdSchema),
  company: companyNameSchema,
  email: emailSchema,
  password: z.optional(z.string().check(z.minLength(1, 'Expected a password or no password field'), z.maxLength(PASSWORD_MAX_LENGTH))),
  firstName: z._default(z.string().check(z.trim()), ''),
  lastName: z._default(z.string().check(z.trim()), ''),
  gender: z.nullish(z.enum(['M', 'F'])),
  lang: z.nullish(langSchema),
  role: z._default(roleSchema, 'user'),
  hasSSO: bool(false),
  privacy: bool(false),
});

const previewSchema = z.looseObject({
  type: z.optional(z.enum(['email', 'chat'])),
  sender: z.optional(z.string()),
  time: z.optional(z.string()),
  subject: z.optional(localizedTextSchema),
  content: z.optional(localizedTextSchema),
  messages: z.optional(z.array(z.looseObject({ from: z.string(), text: localizedTextSchema }))),
  img: z.optional(z.string()),
});

/**
 * A file of the bundle, named relative to bundle.json with `/` between folders: never absolute, never
 * outside the bundle (the importer checks that it is there, and is no link).
 */
export const bundleFilePathSchema = z.string({ error: 'Expected the path of a file in the bundle' }).check(
  z.minLength(1, 'Expected the path of a file in the bundle'),
  z.refine((p) => !p.includes('\\'), 'Use / between folders, not a backslash'),
  z.refine((p) => !p.startsWith('/') && !/^[a-zA-Z]:/.test(p), 'Expected a path relative to bundle.json, not an absolute path'),
  z.refine((p) => !p.split('/').includes('..'), 'A file of the bundle cannot be outside it ("..")'),
);

/** A test's settings (`jsonData`): its known fields checked, the rest kept for the activity that reads it. */
export const testJsonDataSchema = z.looseObject({
  duration: z.optional(z.number().check(z.nonnegative())),
  hasTimer: z.optional(z.boolean()),
  exitMessage: z.optional(localizedTextSchema),
  color: z.optional(z.string()),
  image: z.optional(z.string()),
  prerequisites: z.optional(z.array(testIdSchema)),
  options: z.optional(z.record(z.string(), z.unknown())),
  autoInstructions: z.optional(z.unknown()),
  hetInstructions: z.optional(z.unknown()),
});

/** Content the platform plays itself (bundle version 2): a QTI or SCORM package, a zip in the bundle. */
export const bundlePackageSchema = z.object({
  type: z.enum(['qti', 'scorm'], { error: 'Expected the package type "qti" or "scorm"' }),
  file: bundleFilePathSchema,
});
export type BundlePackage = z.infer<typeof bundlePackageSchema>;

const testBaseSchema = z.object({
  id: testIdSchema,
  abbreviation: z.string({ error: 'Expected an abbreviation' }).check(z.trim(), z.minLength(1, 'Expected an abbreviation'), atMost(64)),
  name: requiredText(TEST_NAME_ERROR),
  description: optionalText,
  instructions: optionalText,
  /** The activity's address; or, instead, a `package` the platform plays (its url is then the player's). */
  url: z.optional(urlOrPathSchema),
  package: z.optional(bundlePackageSchema),
  /** A QTI package's test delivered adaptively (docs/bundle-format.md, "Adaptive tests"); its settings stay on the server. */
  adaptive: z.optional(adaptiveSettingsSchema),
  img: z.nullish(z.string()),
  label: z.nullish(z.string()),
  repeatable: bool(false),
  legacy: bool(false),
  // Stored as given (known fields checked), read by the activities themselves.
  jsonData: z._default(testJsonDataSchema, {}),
  theme: z.optional(z.looseObject({ tag: z.optional(z.string()), duration: z.optional(z.string()), preview: z.optional(previewSchema) })),
  labels360: z.optional(
    z.array(
      z.looseObject({
        lang: langSchema,
        details_360: z.optional(z.string()),
        details_auto: z.optional(z.string()),
        details_etero: z.optional(z.string()),
      }),
    ),
  ),
  algorithm: z.optional(z.string()),
  /** The company (by name) whose staff may change the test; absent: as it is (a new test: the operator's library). */
  owner: z.optional(companyNameSchema),
  /** Companies (by name) the test is shared with, added to those it has: their staff may use it, not change it. */
  sharedWith: z.optional(z.array(companyNameSchema)),
});

export const bundleTestSchema = testBaseSchema.check(
  z.refine((t) => t.url !== undefined || t.package !== undefined, {
    message: 'Expected a url, or a package the platform plays',
    path: ['url'],
  }),
  z.refine((t) => t.url === undefined || t.package === undefined, {
    message: 'A test has a url or a package, not both: the url of a package is its player',
    path: ['package'],
  }),
  z.refine((t) => t.adaptive === undefined || t.package?.type === 'qti', {
    message: 'An adaptive test delivers a QTI package: give it a package of type "qti"',
    path: ['adaptive'],
  }),
);

export const bundleCampaignTestSchema = z.object({
  test: testIdSchema,
  prerequisites: z._default(z.array(testIdSchema), []),
  agendaDate: z.nullish(z.iso.date({ error: 'Expected a date as YYYY-MM-DD' })),
  section: z.nullish(z.string().check(z.minLength(1))),
});

export const bundleParticipantSchema = z.object({
  user: emailSchema,
  lang: z.nullish(langSchema),
  lastAccess: z.nullish(instantSchema),
  extraTimePercent: z._default(z.int().check(z.minimum(0), z.maximum(1000)), 0),
});

export const bundleAssessmentSchema = z.object({
  assessor: emailSchema,
  assessed: z.array(emailSchema).check(z.minLength(1, 'Expected at least one assessed person')),
  /** Absent: every test of the campaign. */
  tests: z.optional(z.array(testIdSchema)),
});

export const bundleRelation360Schema = z.object({
  evaluator: emailSchema,
  evaluee: emailSchema,
  relationId: dbIntSchema,
  label: z.optional(localizedTextSchema),
});

const bandsSchema = z.strictObject(
  {
    '1': z.optional(localizedTextSchema),
    '2': z.optional(localizedTextSchema),
    '3': z.optional(localizedTextSchema),
    '4': z.optional(localizedTextSchema),
  },
  { error: 'Feedback keys are the rating bands "1" to "4"' },
);

/** A closed or open 360 question; `selfText` is its wording in a self-evaluation ("Ascolto gli altri" for "Ascolta gli altri"). */
const question360Schema = z.looseObject({ id: dbIntSchema, text: localizedTextSchema, selfText: z.optional(localizedTextSchema) });

export const bundleQuestions360Schema = z.looseObject({
  closed: z._default(z.array(question360Schema), []),
  linked: z._default(
    z.array(
      z.looseObject({
        id: dbIntSchema,
        label: localizedTextSchema,
        min_answers: z._default(z.int().check(z.minimum(0)), 1),
        max_answers: z._default(z.int().check(z.minimum(1)), 1),
        columns: z.array(z.looseObject({ order: z.int(), label: localizedTextSchema })).check(z.minLength(1)),
        answers: z.array(z.looseObject({ id: dbIntSchema, label: localizedTextSchema })).check(z.minLength(1)),
      }),
    ),
    [],
  ),
  open: z._default(z.array(question360Schema), []),
});

/** The words of the closed scale's points, and whether raters may answer "non osservato" (left out of every mean). */
export const bundleScale360Schema = z.strictObject(
  {
    // Any of the points 1 to 10 (the largest range360Num); a point beyond the campaign's range is refused by the importer.
    labels: z._default(
      z.strictObject(
        {
          '1': z.optional(localizedTextSchema),
          '2': z.optional(localizedTextSchema),
          '3': z.optional(localizedTextSchema),
          '4': z.optional(localizedTextSchema),
          '5': z.optional(localizedTextSchema),
          '6': z.optional(localizedTextSchema),
          '7': z.optional(localizedTextSchema),
          '8': z.optional(localizedTextSchema),
          '9': z.optional(localizedTextSchema),
          '10': z.optional(localizedTextSchema),
        },
        { error: 'Scale labels are keyed by the points "1" to "10"' },
      ),
      {},
    ),
    notObserved: bool(false),
  },
  { error: 'A scale360 has only labels and notObserved' },
);
export type BundleScale360 = z.infer<typeof bundleScale360Schema>;

export const bundleModelSchema = z.object({
  areas: z._default(
    z.array(
      z.looseObject({
        id: z.int(),
        name: localizedTextSchema,
        inProfile: bool(true),
        feedback: z.optional(bandsSchema),
      }),
    ),
    [],
  ),
  skills: z._default(z.array(z.looseObject({ id: z.int(), areaId: z.int(), name: localizedTextSchema })), []),
  markers: z._default(
    z.array(
      z.looseObject({
        id: z.int(),
        skillId: z.int(),
        name: localizedTextSchema,
        feedback: z.optional(bandsSchema),
        devSuggestion: z.optional(localizedTextSchema),
      }),
    ),
    [],
  ),
  tasks: z._default(
    z.array(
      z.looseObject({
        id: z.int(),
        markerId: z.int(),
        name: z.optional(localizedTextSchema),
        test: testIdSchema,
        outcome: z.union([z.string().check(z.minLength(1)), z.number()], { error: 'Expected the outcome questionId' }),
        min: z.number(),
        max: z.number(),
      }),
    ),
    [],
  ),
});

export const bundleReportSchema = z.looseObject({
  canAssessedDownload: bool(true),
  allowEarlyDownload: bool(false),
  confidentialityThreshold: z._default(z.int().check(z.minimum(1)), 3),
  documents: z._default(
    z.array(
      z.looseObject({
        id: z.int(),
        name: z.optional(localizedTextSchema),
        kind: z.optional(z.string()),
        visibleToAssessorsOnly: bool(false),
      }),
    ),
    [],
  ),
});

export const BUNDLE_CAMPAIGN_THEMES = ['dashboard', 'agenda', 'challenge'] as const;

export const bundleCampaignSchema = z.object({
  id: dbIdSchema,
  company: companyNameSchema,
  name: optionalText,
  description: optionalText,
  onCompleteText: optionalText,
  noReportText: optionalText,
  theme: z._default(z.enum(BUNDLE_CAMPAIGN_THEMES), 'dashboard'),
  languages: z._default(z.array(langSchema).check(z.minLength(1, 'Expected at least one language')), ['IT_it']),
  dateStart: instantSchema,
  dateEnd: instantSchema,
  status: z._default(z.enum(['ACTIVE', 'COMPLETED', 'REPORT']), 'ACTIVE'),
  is360: bool(false),
  selfEvaluation: bool(false),
  range360Num: z._default(z.int().check(z.minimum(2), z.maximum(10)), DEFAULT_RANGE_360),
  /** Absent: the importer stores the default Italian consent text. */
  privacyAgreement: z.optional(localizedTextSchema),
  logo: z.nullish(urlOrPathSchema),
  // The member lists replace what the campaign had when present; absent, they are left alone.
  tests: z.optional(z.array(bundleCampaignTestSchema)),
  participants: z.optional(z.array(bundleParticipantSchema)),
  assessments: z.optional(z.array(bundleAssessmentSchema)),
  relations360: z.optional(z.array(bundleRelation360Schema)),
  /** Layout data, stored as given but for its HTML texts (a challenge's intro and outro), which are localized texts. */
  data: z.nullish(z.looseObject({ intro: z.optional(localizedTextSchema), outro: z.optional(localizedTextSchema) })),
  questions360: z.optional(bundleQuestions360Schema),
  scale360: z.optional(bundleScale360Schema),
  model: z.optional(bundleModelSchema),
  report: z.optional(bundleReportSchema),
  /** Ids of the bundle's (or the company's stored) `norms` the campaign's reports read against. */
  norms: z.optional(z.array(dbIdSchema)),
});

/** A norm group (bundle version 2): a test's outcome in a reference population, as a mean and sd or a percentile table. */
export const bundleNormSchema = z
  .object({
    id: dbIdSchema,
    name: requiredText("Expected the norm group's name"),
    /** The company (by name) the norm belongs to; absent: the company of the campaigns that name it (or the uploader's). */
    company: z.optional(companyNameSchema),
    test: testIdSchema,
    outcome: z.pipe(
      z.union([z.string().check(z.minLength(1)), z.number()], { error: 'Expected the outcome questionId' }),
      z.transform((v) => String(v)),
    ),
    mean: z.optional(z.number()),
    sd: z.optional(z.number().check(z.positive('The standard deviation must be greater than 0'))),
    table: z.optional(normTableSchema),
    n: z.int({ error: 'Expected the size of the norm group (n)' }).check(z.positive(), z.maximum(DB_INT_MAX)),
  })
  .check(
    z.refine((norm) => norm.table !== undefined || (norm.mean !== undefined && norm.sd !== undefined), {
      message: 'Expected a mean and an sd, or a table',
      path: ['mean'],
    }),
    z.refine((norm) => norm.table === undefined || (norm.mean === undefined && norm.sd === undefined), {
      message: 'A norm has a mean and an sd, or a table, not both',
      path: ['table'],
    }),
  );
export type BundleNorm = z.infer<typeof bundleNormSchema>;

/** The newest bundle version: 2 adds files (a folder or a zip) and tests' packages; every version 1 document stays valid. */
export const BUNDLE_VERSION = 2;
/** The version a package needs. */
export const PACKAGES_BUNDLE_VERSION = 2;

export const bundleSchema = z.object({
  version: z._default(
    z.union([z.literal(1), z.literal(2)], { error: `Unsupported bundle version (this importer reads versions 1 and ${BUNDLE_VERSION})` }),
    1,
  ),
  languages: z._default(z.array(bundleLanguageSchema), []),
  companies: z._default(z.array(bundleCompanySchema), []),
  users: z._default(z.array(bundleUserSchema), []),
  tests: z._default(z.array(bundleTestSchema), []),
  campaigns: z._default(z.array(bundleCampaignSchema), []),
  norms: z._default(z.array(bundleNormSchema), []),
});

/** The lists of a bundle and the schema of one item, for checking items one by one. */
export const BUNDLE_ITEM_SCHEMAS = {
  languages: bundleLanguageSchema,
  companies: bundleCompanySchema,
  users: bundleUserSchema,
  tests: bundleTestSchema,
  campaigns: bundleCampaignSchema,
  norms: bundleNormSchema,
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
