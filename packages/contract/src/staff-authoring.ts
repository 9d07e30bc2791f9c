import { z } from './zod';
import { idSchema } from './common';
import { bodyId } from './staff';
import { authoredTestSchema } from './authored-test';
import { packageHashSchema } from './content';

// Tests written in the staff console (authored-test.ts is the test itself). The server writes each version
// as a QTI 3 package (packages/qti `writeAuthoredTest`), stores it like an imported one and points the test at
// it: candidates take it in the QTI player and the server scores it. docs/staff-api.md, "Tests written in the
// console".
//
// - GET  /api/staff/authored-tests                 the company's written tests (list)
// - POST /api/staff/authored-tests                 a new one: 201 with it
// - GET  /api/staff/authored-tests/{testId}        one, as the form edits it
// - PUT  /api/staff/authored-tests/{testId}        a new version (409 CONFLICT once anyone has started it)
// - POST /api/staff/authored-tests/preview         the package of an unsaved form, stored, to frame in the player
// - GET  /api/staff/authored-tests/{testId}/package the QTI 3 package as a zip that imports back unchanged
//
// Every one takes `?companyId` like the rest of the staff API. A body that breaks authoredTestSchema answers
// 422 VALIDATION with `errors: [{ path, message }]`, paths from the body (`body.test.sections.0.items.2.options`).

export const authoredTestParamsSchema = z.object({ testId: idSchema });

export const authoredTestWriteSchema = z.object({
  test: authoredTestSchema,
  /** The company's campaigns that list the test (added to them on save; never taken off). Not finished ones. */
  campaignIds: z._default(z.array(bodyId).check(z.maxLength(100)), []),
});
export type AuthoredTestWrite = z.input<typeof authoredTestWriteSchema>;

export const authoredTestSummarySchema = z.object({
  /** The test's id, as campaigns and bundles name it. */
  id: z.int(),
  abbreviation: z.string(),
  /** The title in the test's first language. */
  title: z.string(),
  languages: z.array(z.string()),
  items: z.int(),
  /** Someone has started it: a new version would change what they answered (PUT answers 409). */
  started: z.boolean(),
  campaignIds: z.array(z.int()),
  /** The package candidates get now: /players/qti/?package=<hash>. */
  packageHash: packageHashSchema,
  updatedAt: z.string(),
});
export type AuthoredTestSummary = z.infer<typeof authoredTestSummarySchema>;

export const authoredTestListResponseSchema = z.object({ status: z.literal(true), tests: z.array(authoredTestSummarySchema) });
export const authoredTestResponseSchema = z.object({
  status: z.literal(true),
  summary: authoredTestSummarySchema,
  /** As saved, for the form. */
  test: authoredTestSchema,
});
export type AuthoredTestResponse = z.infer<typeof authoredTestResponseSchema>;

export const authoredPreviewRequestSchema = z.object({ test: authoredTestSchema });
export const authoredPreviewResponseSchema = z.object({
  status: z.literal(true),
  packageHash: packageHashSchema,
  /** The player with that package, on the activities origin (absolute), to frame as the room would. */
  url: z.string(),
});
export type AuthoredPreviewResponse = z.infer<typeof authoredPreviewResponseSchema>;
