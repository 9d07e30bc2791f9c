import { z } from './zod';
import { CONTENT_PACKAGE_KINDS } from './content';
import { idSchema } from './common';
import { BUNDLE_ZIP_UPLOAD_MAX_BYTES } from './staff';
import { managedTestSchema, localizedInput, testNameSchema } from './staff-tests';

// The console's test library beside the generic resource `tests` (staff-tests.ts): a test made from an
// uploaded content package, the texts of a test edited in every language, and a test previewed as a
// candidate sees it. Staff of the company only, for the tests the company may see (docs/staff-api.md).

export const TEST_LIBRARY_PATHS = {
  packages: '/staff/test-packages',
  texts: (testId: number) => `/staff/tests/${testId}/texts`,
  preview: (testId: number) => `/staff/tests/${testId}/preview`,
} as const;

/** A content package as big as a bundle's zip may be. */
export const TEST_PACKAGE_MAX_BYTES = BUNDLE_ZIP_UPLOAD_MAX_BYTES;

/**
 * What the console uploads: a content package the platform's player plays (the bundle's `tests[].package.type`), or a
 * web activity, a zip of its own pages framed as they are (a console upload only: a bundle names an activity by url).
 */
export const TEST_UPLOAD_KINDS = [...CONTENT_PACKAGE_KINDS, 'activity'] as const;
export const testUploadKindSchema = z.enum(TEST_UPLOAD_KINDS);
export type TestUploadKind = z.infer<typeof testUploadKindSchema>;

/**
 * What can be wrong with a web activity's zip, each problem's `code` in the 422's `errors` (its `message` stays the
 * server's): not a zip at all, no index.html where it is looked for, a file named as the platform's own, a page
 * without a <title>. Any other problem (a bad name or size inside the zip) has no code and is said as the server does.
 */
export const WEB_ACTIVITY_PROBLEMS = ['NOT_A_ZIP', 'NO_INDEX', 'RESERVED_NAME', 'NO_TITLE'] as const;
export type WebActivityProblem = (typeof WEB_ACTIVITY_PROBLEMS)[number];

/** `POST /staff/test-packages?type=qti|scorm|activity`: the zip is the body (`application/zip`); without `type`, whichever it is. */
export const testPackageQuerySchema = z.object({
  type: z.optional(testUploadKindSchema),
  /** The campaign of the company that should list the new test (last), if any. */
  campaignId: z.optional(idSchema),
});
export type TestPackageQuery = z.infer<typeof testPackageQuerySchema>;

export const testPackageResponseSchema = z.object({
  status: z.literal(true),
  test: managedTestSchema,
  /** What staff should know about the package (e.g. only the first SCO is delivered). */
  notes: z.array(z.string()),
});
export type TestPackageResponse = z.infer<typeof testPackageResponseSchema>;

export const testIdParamsSchema = z.object({ testId: idSchema });

/** `PUT /staff/tests/{testId}/texts`: the test's texts in every language; nothing else of the test changes. */
export const testTextsWriteSchema = z.object({
  name: testNameSchema,
  description: localizedInput(20_000),
  instructions: localizedInput(20_000),
});
export type TestTextsWrite = z.input<typeof testTextsWriteSchema>;

/** `GET /staff/tests/{testId}/preview`: where the test is played, to frame as the candidate's room does. */
export const testPreviewResponseSchema = z.object({
  status: z.literal(true),
  /** Absolute on the activities origin for the platform's activities and players; an operator-allowed origin otherwise. */
  url: z.string(),
  /** The server's timer, in minutes (null: untimed). */
  timeLimitMinutes: z.nullable(z.number()),
});
export type TestPreviewResponse = z.infer<typeof testPreviewResponseSchema>;
