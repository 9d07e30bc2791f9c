import { z } from './zod';
import { type LocalizedText, TEST_NAME_ERROR } from './bundle';
import { bodyId } from './staff';

// tests (endpoint usertests). GET /usertests and GET /usertests/{id} WITHOUT `companyId` keep their
// candidate meaning (the tests of the caller's selected campaign, tests.ts). Staff WITH
// `?companyId=<their company>` get the tests as managed resources: the company's own tests (created
// from the console) and every test its campaigns use. POST, PUT and DELETE are staff only.
// A test also used by another company's campaign, or a platform test nobody owns that another company
// uses, is `editable: false`: PUT and DELETE answer 409 CONFLICT. A test any campaign has progress or
// outcomes in cannot be deleted (409 IN_USE); one only listed in the company's campaigns is taken off
// them with it.

/** Longest test name, in each language. */
export const TEST_NAME_MAX = 200;

/** A text in every language, or `{ IT_it, EN_en, ES_es }` (any of them), stored in the object form. */
export const localizedInput = (max: number, error?: string) =>
  z.pipe(
    z.union(
      [
        z.string().check(z.maxLength(max)),
        z.strictObject({
          IT_it: z.optional(z.string().check(z.maxLength(max))),
          EN_en: z.optional(z.string().check(z.maxLength(max))),
          ES_es: z.optional(z.string().check(z.maxLength(max))),
        }),
      ],
      error ? { error } : undefined,
    ),
    z.transform((value): LocalizedText => (typeof value === 'string' ? { IT_it: value } : value)),
  );

/** A test's name: missing, blank or of the wrong kind is 'No valid Test name'. */
export const testNameSchema = localizedInput(TEST_NAME_MAX, TEST_NAME_ERROR).check(
  z.refine((text) => Object.values(text).some((v) => v !== undefined && v.trim() !== ''), { error: TEST_NAME_ERROR }),
);

/**
 * POST and PUT /usertests: a test as the console edits it, the fields of the bundle's test record
 * (docs/bundle-format.md) that staff set by hand. `id` is optional on create (the next free id) and
 * ignored on update; an agenda preview and 360 labels come with bundles only. HTML in texts is cleaned.
 */
export const testWriteSchema = z.object({
  id: z.optional(bodyId),
  abbreviation: z
    .string({ error: 'Expected an abbreviation' })
    .check(z.trim(), z.minLength(1, 'Expected an abbreviation'), z.maxLength(64)),
  name: testNameSchema,
  description: z.optional(localizedInput(20_000)),
  instructions: z.optional(localizedInput(20_000)),
  url: z.string({ error: 'Expected a URL or a path' }).check(z.trim(), z.minLength(1, 'Expected a URL or a path'), z.maxLength(2_000)),
  img: z.nullish(z.string().check(z.maxLength(2_000))),
  label: z.nullish(z.string().check(z.maxLength(200))),
  repeatable: z._default(z.boolean(), false),
  legacy: z._default(z.boolean(), false),
  jsonData: z._default(
    z.looseObject({
      duration: z.optional(z.number().check(z.nonnegative(), z.maximum(100_000))),
      hasTimer: z.optional(z.boolean()),
      exitMessage: z.optional(localizedInput(2_000)),
      color: z.optional(z.string().check(z.maxLength(32))),
      image: z.optional(z.string().check(z.maxLength(2_000))),
      prerequisites: z.optional(z.array(bodyId).check(z.maxLength(100))),
      options: z.optional(z.record(z.string(), z.unknown())),
    }),
    {},
  ),
  theme: z.nullish(
    z.strictObject({ tag: z.optional(z.string().check(z.maxLength(100))), duration: z.optional(z.string().check(z.maxLength(100))) }),
  ),
  /** The scoring script, run on the server (it must define computeOutcomes). */
  algorithm: z.optional(z.string().check(z.maxLength(200_000))),
});
export type TestWrite = z.input<typeof testWriteSchema>;

export const managedTestSchema = z.object({
  id: z.int(),
  abbreviation: z.string(),
  /** Texts as stored, by language. */
  name: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  instructions: z.record(z.string(), z.string()),
  url: z.string(),
  img: z.nullable(z.string()),
  label: z.nullable(z.string()),
  repeatable: z.boolean(),
  legacy: z.boolean(),
  jsonData: z.record(z.string(), z.unknown()),
  theme: z.nullable(z.record(z.string(), z.unknown())),
  labels360: z.nullable(z.array(z.record(z.string(), z.unknown()))),
  hasAlgorithm: z.boolean(),
  /** The company that created it from the console; null for a test imported from a bundle. */
  ownerCompanyId: z.nullable(z.int()),
  /** The caller's company's campaigns that use it. */
  campaignIds: z.array(z.int()),
  /** The caller may change and delete it (not shared with another company). */
  editable: z.boolean(),
});
export type ManagedTest = z.infer<typeof managedTestSchema>;

export const managedTestListResponseSchema = z.object({ status: z.literal(true), tests: z.array(managedTestSchema) });
export const managedTestResponseSchema = z.object({ status: z.literal(true), test: managedTestSchema });
export type ManagedTestListResponse = z.infer<typeof managedTestListResponseSchema>;
