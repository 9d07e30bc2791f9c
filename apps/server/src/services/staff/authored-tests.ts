import type { z } from 'zod';
import type { AuthoredTest } from '@prova/contract/authored-test';
import { playerUrl } from '@prova/contract/content';
import type { authoredTestWriteSchema, AuthoredTestResponse, AuthoredTestSummary } from '@prova/contract/staff-authoring';
import { type AuthoredPackage, authoredPackageZip, prepareAuthoredPackage } from '../../content/authored-package';
import { activityUrl } from '../../domain/activity-origins';
import { takesNewTests } from '../../domain/campaign-window';
import { HttpError, notFoundUnlessOthers } from '../../http/http-error';
import { toTestRow, withPackageTimeLimit } from '../../import/write-tests';
import { presentAuthoredSummary } from '../../presenters/present-authored-test';
import { testEditable } from '../../presenters/present-staff';
import type { Repositories } from '../../repositories/create-repositories';
import type { AuthoredTestRow } from '../../repositories/staff/authored-tests-repository';

// Tests written in the staff console (docs/staff-api.md, "Tests written in the console"): each version is
// written as a QTI 3 package (packages/qti), prepared and stored exactly as an imported package is, and the
// test points at it; candidates take it in the QTI player and the server scores it.

type Repos = Pick<Repositories, 'staff' | 'content'>;
export interface AuthoringDeps {
  repos: Repos;
  withTransaction<T>(work: (repos: Repos) => Promise<T>): Promise<T>;
}
type AuthoredWrite = z.output<typeof authoredTestWriteSchema>;
type ReadyPackage = Extract<AuthoredPackage, { ok: true }>;

/** The company's written test, or 404 (another company's is audited as such). */
async function requireAuthored(repos: Repos, companyId: number, testId: number): Promise<AuthoredTestRow> {
  const row = await repos.staff.authoredTests.find(companyId, testId);
  if (row) return row;
  throw notFoundUnlessOthers('Test', `staff/authored-tests/${testId}`, await repos.staff.authoredTests.ownerOf(testId));
}

/** The package of the test, or 422 naming what the QTI reader refused (the writer's problem, never a 500). */
async function packageOf(test: AuthoredTest): Promise<ReadyPackage> {
  const pkg = await prepareAuthoredPackage(test);
  if (pkg.ok) return pkg;
  throw new HttpError(
    422,
    'VALIDATION',
    `body.test: the test cannot be delivered as a QTI package: ${pkg.problems.join('; ')}`,
    pkg.problems.map((message) => ({ path: 'body.test', message })),
  );
}

/** The campaigns to list the test in: the company's own (422 otherwise) that are not over (409). */
export async function campaignsToList(repos: Repos, companyId: number, campaignIds: number[]): Promise<number[]> {
  const ids = [...new Set(campaignIds)];
  for (const [k, id] of campaignIds.entries()) {
    if (campaignIds.indexOf(id) !== k) continue;
    const campaign = await repos.staff.campaigns.find(companyId, id);
    if (!campaign)
      throw new HttpError(422, 'VALIDATION', `body.campaignIds.${k}: unknown campaign ${id}`, [
        { path: `body.campaignIds.${k}`, message: `unknown campaign ${id}` },
      ]);
    if (!takesNewTests(campaign))
      throw new HttpError(
        409,
        'CONFLICT',
        `Campaign ${id} is over (${campaign.status === 'ACTIVE' ? 'its end has passed' : campaign.status}): its results are final and no test can be added to it`,
      );
  }
  return ids;
}

/** The timer the package's time limit sets, as the importer sets it for a QTI max-time; the test's other settings kept. */
function jsonDataOf(current: Record<string, unknown>, maxTimeSeconds: number | null) {
  const { hasTimer: _hasTimer, duration: _duration, ...rest } = current;
  return withPackageTimeLimit(rest, maxTimeSeconds);
}

/** A free abbreviation from the title: its letters and digits, numbered when taken. */
export async function freeAbbreviation(repos: Repos, title: string): Promise<string> {
  const base =
    title
      .normalize('NFD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, 8) || 'TEST';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await repos.staff.tests.findByAbbreviation(candidate))) return candidate;
  }
}

async function useOf(repos: Repos, companyId: number, testIds: number[]) {
  const [uses, started] = await Promise.all([repos.staff.tests.usesOf(companyId, testIds), repos.staff.authoredTests.started(testIds)]);
  return (id: number) => ({ started: started.has(id), campaignIds: uses.get(id)?.campaignIds ?? [] });
}

async function responseOf(repos: Repos, companyId: number, testId: number): Promise<AuthoredTestResponse> {
  const row = await requireAuthored(repos, companyId, testId);
  const { test } = row;
  const use = await useOf(repos, companyId, [testId]);
  return { status: true, summary: presentAuthoredSummary(row, test, use(testId)), test };
}

export async function listAuthoredTests(repos: Repos, companyId: number): Promise<AuthoredTestSummary[]> {
  const rows = await repos.staff.authoredTests.list(companyId);
  const use = await useOf(
    repos,
    companyId,
    rows.map((r) => r.test_id),
  );
  return rows.map((row) => presentAuthoredSummary(row, row.test, use(row.test_id)));
}

export const findAuthoredTest = (repos: Repos, companyId: number, testId: number) => responseOf(repos, companyId, testId);

export async function createAuthoredTest(
  deps: AuthoringDeps,
  caller: { companyId: number; userId: number },
  body: AuthoredWrite,
): Promise<AuthoredTestResponse> {
  const pkg = await packageOf(body.test);
  const campaignIds = await campaignsToList(deps.repos, caller.companyId, body.campaignIds);
  const testId = await deps.withTransaction(async (repos) => {
    await repos.content.insertIfAbsent(pkg.stored);
    const title = body.test.title;
    const row = toTestRow({
      abbreviation: await freeAbbreviation(repos, title[body.test.languages[0]] ?? ''),
      name: title,
      description: { IT_it: '' },
      instructions: { IT_it: '' },
      url: playerUrl('qti', pkg.hash),
      jsonData: jsonDataOf({}, pkg.maxTimeSeconds),
      repeatable: false,
      legacy: false,
    });
    const id = await repos.staff.tests.create(caller.companyId, { ...row, package_hash: pkg.hash, package_kind: 'qti' });
    const now = new Date().toISOString();
    await repos.staff.authoredTests.insert({
      testId: id,
      companyId: caller.companyId,
      test: JSON.stringify(body.test),
      createdBy: caller.userId,
      now,
    });
    await repos.staff.authoredTests.addToCampaigns(id, campaignIds);
    return id;
  });
  return responseOf(deps.repos, caller.companyId, testId);
}

/** A new version of the company's written test: a new package, the same test id; 409 once someone has started it. */
export async function updateAuthoredTest(
  deps: AuthoringDeps,
  companyId: number,
  testId: number,
  body: AuthoredWrite,
): Promise<AuthoredTestResponse> {
  const current = await requireAuthored(deps.repos, companyId, testId);
  const managed = await deps.repos.staff.tests.find(companyId, testId);
  if (managed && !testEditable(managed.test, managed.use, companyId))
    throw new HttpError(409, 'CONFLICT', 'Another company this test is shared with uses it: it cannot be changed from here');
  const pkg = await packageOf(body.test);
  const campaignIds = await campaignsToList(deps.repos, companyId, body.campaignIds);
  await deps.withTransaction(async (repos) => {
    // Checked again inside the transaction: a candidate who starts meanwhile keeps the version they started.
    if ((await repos.staff.authoredTests.started([testId])).size)
      throw new HttpError(
        409,
        'CONFLICT',
        'Someone has already started this test: a new version would change what they answered. Write a new test instead',
      );
    await repos.content.insertIfAbsent(pkg.stored);
    await repos.staff.authoredTests.update(
      testId,
      JSON.stringify(body.test),
      {
        name: JSON.stringify(body.test.title),
        url: playerUrl('qti', pkg.hash),
        package_hash: pkg.hash,
        json_data: JSON.stringify(jsonDataOf(current.json_data, pkg.maxTimeSeconds)),
      },
      new Date().toISOString(),
    );
    await repos.staff.authoredTests.addToCampaigns(testId, campaignIds);
  });
  return responseOf(deps.repos, companyId, testId);
}

/** The package of a form not saved yet, stored (by its hash, like any package) so the player can frame it. No test changes. */
export async function previewAuthoredTest(repos: Repos, test: AuthoredTest, activitiesUrl: string) {
  const pkg = await packageOf(test);
  await repos.content.insertIfAbsent(pkg.stored);
  return { status: true as const, packageHash: pkg.hash, url: activityUrl(playerUrl('qti', pkg.hash), activitiesUrl) };
}

/** The test's QTI 3 package as a zip (the very bytes candidates' package was stored from), and a safe file name. */
export async function exportAuthoredTest(repos: Repos, companyId: number, testId: number) {
  const row = await requireAuthored(repos, companyId, testId);
  const zip = await authoredPackageZip(row.test);
  const name = row.abbreviation.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || `test-${testId}`;
  return { zip, fileName: `${name}-qti.zip` };
}
