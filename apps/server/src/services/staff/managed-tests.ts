import type { z } from 'zod';
import type { ManagedTest, testWriteSchema } from '@prova/contract/staff-tests';
import { type ActivityOrigins, testUrlProblem } from '../../domain/activity-origins';
import { HttpError, notFound } from '../../http/http-error';
import { checkAlgorithm } from '../../import/validate-bundle';
import { toTestRow } from '../../import/write-tests';
import { presentManagedTest, testEditable } from '../../presenters/present-staff';
import type { Repositories } from '../../repositories/create-repositories';

// Tests as a company's staff manage them (the resource `tests`, endpoint usertests): what they may see
// and change, and what may not be deleted because it holds results.

type Repos = Pick<Repositories, 'staff'>;
type TestWrite = z.output<typeof testWriteSchema>;

/** The test as the importer writes it: texts not given are empty. */
const rowOf = ({ id: _id, ...body }: TestWrite) =>
  toTestRow({
    ...body,
    description: body.description ?? { IT_it: '' },
    instructions: body.instructions ?? { IT_it: '' },
    theme: body.theme ?? undefined,
  });

const unprocessable = (path: string, message: string) => new HttpError(422, 'VALIDATION', `${path}: ${message}`, [{ path, message }]);

export async function listManagedTests(repos: Repos, companyId: number): Promise<ManagedTest[]> {
  const { tests, uses } = await repos.staff.tests.list(companyId);
  return tests.map((test) => presentManagedTest(test, uses.get(test.id)!, companyId));
}

export async function findManagedTest(repos: Repos, companyId: number, testId: number): Promise<ManagedTest> {
  const found = await repos.staff.tests.find(companyId, testId);
  if (!found) throw notFound('Test');
  return presentManagedTest(found.test, found.use, companyId);
}

/** What the rules of a bundle's test say about this one, beyond its shape. */
async function checkWrite(
  repos: Repos,
  companyId: number,
  body: TestWrite,
  testId: number | undefined,
  origins: ActivityOrigins,
): Promise<void> {
  const urlProblem = testUrlProblem(body.url, origins);
  if (urlProblem) throw unprocessable('body.url', urlProblem);
  const owner = await repos.staff.tests.findByAbbreviation(body.abbreviation);
  if (owner && owner.id !== testId)
    throw new HttpError(409, 'CONFLICT', `"${body.abbreviation}" is already the abbreviation of another test`);
  if (body.algorithm !== undefined) {
    const problem = checkAlgorithm(body.algorithm);
    if (problem) throw unprocessable('body.algorithm', problem);
  }
  const prerequisites = body.jsonData.prerequisites ?? [];
  if (prerequisites.length) {
    const visible = new Set((await repos.staff.tests.list(companyId)).tests.map((t) => t.id));
    prerequisites.forEach((id, k) => {
      if (id === testId) throw unprocessable(`body.jsonData.prerequisites.${k}`, 'a test cannot be its own prerequisite');
      if (!visible.has(id)) throw unprocessable(`body.jsonData.prerequisites.${k}`, `unknown test ${id}`);
    });
  }
}

export async function createManagedTest(repos: Repos, companyId: number, body: TestWrite, origins: ActivityOrigins): Promise<ManagedTest> {
  if (body.id !== undefined && (await repos.staff.tests.exists(body.id)))
    throw new HttpError(409, 'CONFLICT', `Test id ${body.id} is taken`);
  await checkWrite(repos, companyId, body, body.id, origins);
  const created = await repos.staff.tests.create(companyId, rowOf(body), body.id);
  return findManagedTest(repos, companyId, created);
}

/** A test the company may change: its own, used by no company it is shared with (409 otherwise). */
export async function requireEditable(repos: Repos, companyId: number, testId: number) {
  const found = await repos.staff.tests.find(companyId, testId);
  if (!found) throw notFound('Test');
  if (!testEditable(found.test, found.use, companyId)) {
    throw new HttpError(
      409,
      'CONFLICT',
      found.test.owner_company_id === companyId
        ? 'Another company this test is shared with uses it: it cannot be changed or deleted from here'
        : 'This test is shared with your company, not yours: only its owner changes or deletes it',
    );
  }
  return found;
}

export async function updateManagedTest(
  repos: Repos,
  companyId: number,
  testId: number,
  body: TestWrite,
  origins: ActivityOrigins,
): Promise<ManagedTest> {
  await requireEditable(repos, companyId, testId);
  await checkWrite(repos, companyId, body, testId, origins);
  await repos.staff.tests.update(testId, rowOf(body));
  return findManagedTest(repos, companyId, testId);
}

/**
 * Deletes tests that hold no results, all or none: another company's id is 404, a shared test 409
 * CONFLICT, a test with progress or outcomes 409 IN_USE.
 */
export async function deleteManagedTests(repos: Repos, companyId: number, testIds: number[]): Promise<number[]> {
  const ids = [...new Set(testIds)];
  for (const id of ids) await requireEditable(repos, companyId, id);
  const withResults = await repos.staff.tests.withResults(ids);
  if (withResults.length) {
    throw new HttpError(409, 'IN_USE', `Test ${withResults.join(', ')} holds results (progress or outcomes): it cannot be deleted`);
  }
  await repos.staff.tests.delete(ids);
  return ids;
}
