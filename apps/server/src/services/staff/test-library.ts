import type { z } from 'zod';
import type { FieldIssue } from '@prova/contract/errors';
import { type ContentPackageKind, playerUrl } from '@prova/contract/content';
import type { TestPackageResponse, TestPreviewResponse, TestUploadKind, testTextsWriteSchema } from '@prova/contract/staff-test-library';
import type { ManagedTest } from '@prova/contract/staff-tests';
import { prepareBundlePackages } from '../../content/bundle-packages';
import type { BundleFiles } from '../../content/bundle-source';
import { activityPageUrl, prepareWebActivity } from '../../content/web-activity';
import { PACKAGE_ZIP_LIMITS, readZip } from '../../content/zip-files';
import { activityUrl } from '../../domain/activity-origins';
import { HttpError } from '../../http/http-error';
import { cleanHtmlField } from '../../import/clean-html';
import { toTestRow, withPackageTimeLimit } from '../../import/write-tests';
import type { StoredPackage } from '../../repositories/content-repository';
import type { Repositories } from '../../repositories/create-repositories';
import { campaignsToList, freeAbbreviation } from './authored-tests';
import { findManagedTest, requireEditable } from './managed-tests';

// The console's test library (docs/staff-api.md, "The test library"): a test made from an uploaded QTI or SCORM
// package, read and stored by the importer's own package path, or from a web activity's zip; the texts of a test in
// every language; where a test is played, to preview it as a candidate would.

type Repos = Pick<Repositories, 'staff' | 'content'>;
export interface LibraryDeps {
  repos: Repos;
  withTransaction<T>(work: (repos: Repos) => Promise<T>): Promise<T>;
}

/** The upload's one file, named as a one-test bundle would name it. */
const PACKAGE_FILE = 'package.zip';

const unprocessable = (problems: Array<string | FieldIssue>) => {
  const issues = problems.map((p) => (typeof p === 'string' ? { path: 'body', message: p } : p));
  return new HttpError(422, 'VALIDATION', `body: ${issues.map((i) => i.message).join('; ')}`, issues);
};

/**
 * A new test of the company from an uploaded zip: a content package (a QTI package or a SCORM course) checked, prepared
 * and stored exactly as a bundle's `tests[].package` is (names and sizes checked before anything inflates, a QTI
 * package's items stripped of what scores them), played by the platform's player; or a web activity, its files stored
 * as they are and its page framed directly. Not said which: told apart by what is in it. Named by the package's title,
 * added last to the campaign given.
 */
export async function createPackageTest(
  deps: LibraryDeps,
  companyId: number,
  upload: { kind?: TestUploadKind; bytes: Uint8Array; campaignId?: number },
): Promise<TestPackageResponse> {
  const { kind, bytes } = upload;
  if (kind === 'qti' || kind === 'scorm') return createContentTest(deps, companyId, { ...upload, kind });
  const zip = await readZip(bytes, PACKAGE_ZIP_LIMITS);
  if (!zip.ok)
    throw unprocessable(zip.unreadable ? zip.problems.map((message) => ({ path: 'body', message, code: 'NOT_A_ZIP' })) : zip.problems);
  // A content package is an IMS content package, whose manifest is at its root; a zip without one is an activity.
  if (kind === undefined && zip.files.has('imsmanifest.xml')) return createContentTest(deps, companyId, { ...upload, kind });
  const prepared = prepareWebActivity(bytes, zip.files);
  if (!prepared.ok) throw unprocessable([prepared.problem]);
  // No package kind: the room frames the page itself (no player), and the test is scored as any activity.
  const testId = await createTest(deps, companyId, upload.campaignId, {
    stored: prepared.stored,
    title: prepared.delivery.title,
    url: activityPageUrl(prepared.stored.hash, prepared.delivery.entry),
    jsonData: {},
    packageKind: null,
  });
  return { status: true, test: await findManagedTest(deps.repos, companyId, testId), notes: [] };
}

/** A QTI package or a SCORM course (told apart when not said) made a test played by the platform's player. */
async function createContentTest(
  deps: LibraryDeps,
  companyId: number,
  upload: { kind?: ContentPackageKind; bytes: Uint8Array; campaignId?: number },
): Promise<TestPackageResponse> {
  const files: BundleFiles = {
    read: async (path) => (path === PACKAGE_FILE ? { ok: true, bytes: upload.bytes } : { ok: false, problem: `no file "${path}"` }),
  };
  const prepare = (kind: ContentPackageKind) => prepareBundlePackages({ tests: [{ package: { type: kind, file: PACKAGE_FILE } }] }, files);
  // The kind not given: a QTI package, else a SCORM course (both have an imsmanifest.xml).
  let prepared = await prepare(upload.kind ?? 'qti');
  if (upload.kind === undefined && prepared.problems.length) {
    const scorm = await prepare('scorm');
    if (!scorm.problems.length) prepared = scorm;
  }
  // The importer's problems name the bundle's test and file; here there is only the body.
  const bare = (text: string) => text.replace(/^tests\[0\]\.package\.file: (package\.zip: )?/, '');
  if (prepared.problems.length) throw unprocessable(prepared.problems.map(bare));
  const ref = prepared.refs.get(PACKAGE_FILE);
  const stored = prepared.ready[0];
  if (!ref || !stored) throw unprocessable(['the package could not be read']);
  const testId = await createTest(deps, companyId, upload.campaignId, {
    stored,
    title: ref.title?.trim() || ref.kind.toUpperCase(),
    url: playerUrl(ref.kind, ref.hash),
    jsonData: withPackageTimeLimit({}, ref.maxTimeSeconds),
    packageKind: ref.kind,
  });
  return { status: true, test: await findManagedTest(deps.repos, companyId, testId), notes: prepared.notes.map(bare) };
}

/** The package stored (once by its hash) and a test of the company made of it, listed last in the campaign given. */
async function createTest(
  deps: LibraryDeps,
  companyId: number,
  campaignId: number | undefined,
  test: { stored: StoredPackage; title: string; url: string; jsonData: Record<string, unknown>; packageKind: ContentPackageKind | null },
): Promise<number> {
  const campaignIds = await campaignsToList(deps.repos, companyId, campaignId === undefined ? [] : [campaignId]);
  return deps.withTransaction(async (repos) => {
    await repos.content.insertIfAbsent(test.stored);
    const row = toTestRow({
      abbreviation: await freeAbbreviation(repos, test.title),
      name: { IT_it: test.title },
      description: { IT_it: '' },
      instructions: { IT_it: '' },
      url: test.url,
      jsonData: test.jsonData,
      repeatable: false,
      legacy: false,
    });
    const id = await repos.staff.tests.create(companyId, { ...row, package_hash: test.stored.hash, package_kind: test.packageKind });
    await repos.staff.authoredTests.addToCampaigns(id, campaignIds);
    return id;
  });
}

type TextsWrite = z.output<typeof testTextsWriteSchema>;

/** Only the test's texts change (cleaned of unsafe HTML as an import's are); the owner's test only (409 otherwise). */
export async function updateTestTexts(repos: Repos, companyId: number, testId: number, texts: TextsWrite): Promise<ManagedTest> {
  await requireEditable(repos, companyId, testId);
  await repos.staff.tests.updateTexts(testId, {
    name: JSON.stringify(texts.name),
    description: JSON.stringify(cleanHtmlField(texts.description)),
    instructions: JSON.stringify(cleanHtmlField(texts.instructions)),
  });
  return findManagedTest(repos, companyId, testId);
}

/** Where a test the company may see is played: the room's own url for it, and the server's timer. */
export async function testPreview(repos: Repos, companyId: number, testId: number, activitiesUrl: string): Promise<TestPreviewResponse> {
  const test = await findManagedTest(repos, companyId, testId);
  const { hasTimer, duration } = test.jsonData;
  return {
    status: true,
    url: activityUrl(test.url, activitiesUrl),
    timeLimitMinutes: hasTimer === true && typeof duration === 'number' && duration > 0 ? duration : null,
  };
}
