import type { z } from 'zod';
import { type ContentPackageKind, contentDeliverySchema, playerUrl } from '@prova/contract/content';
import type { TestPackageResponse, TestPreviewResponse, testTextsWriteSchema } from '@prova/contract/staff-test-library';
import type { ManagedTest } from '@prova/contract/staff-tests';
import { prepareBundlePackages } from '../../content/bundle-packages';
import type { BundleFiles } from '../../content/bundle-source';
import { activityUrl } from '../../domain/activity-origins';
import { HttpError } from '../../http/http-error';
import { cleanHtmlField } from '../../import/clean-html';
import { toTestRow, withPackageTimeLimit } from '../../import/write-tests';
import type { Repositories } from '../../repositories/create-repositories';
import { campaignsToList, freeAbbreviation } from './authored-tests';
import { findManagedTest, requireEditable } from './managed-tests';

// The console's test library (docs/staff-api.md, "The test library"): a test made from an uploaded QTI or SCORM
// package, read and stored by the importer's own package path; the texts of a test in every language; where a
// test is played, to preview it as a candidate would.

type Repos = Pick<Repositories, 'staff' | 'content'>;
export interface LibraryDeps {
  repos: Repos;
  withTransaction<T>(work: (repos: Repos) => Promise<T>): Promise<T>;
}

/** The upload's one file, named as a one-test bundle would name it. */
const PACKAGE_FILE = 'package.zip';

const unprocessable = (messages: string[]) =>
  new HttpError(
    422,
    'VALIDATION',
    `body: ${messages.join('; ')}`,
    messages.map((message) => ({ path: 'body', message })),
  );

/**
 * A new test of the company from a package's zip (a QTI package or a SCORM course, told apart when not said): checked, prepared and stored exactly as a bundle's
 * `tests[].package` is (names and sizes checked before anything inflates, a QTI package's items stripped of what
 * scores them), named by the package's title, played by the platform's player and added last to the campaign given.
 */
export async function createPackageTest(
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
  const kind = ref.kind;
  const delivery = contentDeliverySchema.parse(JSON.parse(stored.delivery));
  const campaignIds = await campaignsToList(deps.repos, companyId, upload.campaignId === undefined ? [] : [upload.campaignId]);
  const testId = await deps.withTransaction(async (repos) => {
    await repos.content.insertIfAbsent(stored);
    const title = delivery.title.trim() || kind.toUpperCase();
    const row = toTestRow({
      abbreviation: await freeAbbreviation(repos, title),
      name: { IT_it: title },
      description: { IT_it: '' },
      instructions: { IT_it: '' },
      url: playerUrl(kind, ref.hash),
      jsonData: withPackageTimeLimit({}, ref.maxTimeSeconds),
      repeatable: false,
      legacy: false,
    });
    const id = await repos.staff.tests.create(companyId, { ...row, package_hash: ref.hash, package_kind: kind });
    await repos.staff.authoredTests.addToCampaigns(id, campaignIds);
    return id;
  });
  return { status: true, test: await findManagedTest(deps.repos, companyId, testId), notes: prepared.notes.map(bare) };
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
