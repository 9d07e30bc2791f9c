import type { Bundle } from '@prova/contract/bundle';
import type { Db } from '../db/database';
import { testReferences } from './test-references';

/**
 * The operator's import shares tests (a console import never does): with the companies a test's
 * `sharedWith` names, and with the company of every campaign that names a test it does not own.
 * Shares are only added; a company that owns the test needs none.
 */
export async function writeTestShares(db: Db, bundle: Bundle): Promise<void> {
  const wanted: { testId: number; company: string }[] = [];
  for (const test of bundle.tests) for (const company of test.sharedWith ?? []) wanted.push({ testId: test.id, company });
  for (const ref of testReferences(bundle))
    if (ref.campaign !== undefined) wanted.push({ testId: ref.id, company: bundle.campaigns[ref.campaign].company });
  if (wanted.length === 0) return;

  const names = [...new Set(wanted.map((w) => w.company))];
  const companies = new Map(
    (await db.selectFrom('companies').select(['id', 'name']).where('name', 'in', names).execute()).map((c) => [c.name, c.id]),
  );
  const testIds = [...new Set(wanted.map((w) => w.testId))];
  const owners = new Map<number, number | null>();
  for (let i = 0; i < testIds.length; i += 500)
    for (const row of await db
      .selectFrom('tests')
      .select(['id', 'owner_company_id'])
      .where('id', 'in', testIds.slice(i, i + 500))
      .execute())
      owners.set(row.id, row.owner_company_id);

  const pairs = new Map<string, { test_id: number; company_id: number }>();
  for (const { testId, company } of wanted) {
    const companyId = companies.get(company);
    if (companyId === undefined || !owners.has(testId) || owners.get(testId) === companyId) continue;
    pairs.set(`${testId}:${companyId}`, { test_id: testId, company_id: companyId });
  }
  const rows = [...pairs.values()];
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('test_shares')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['test_id', 'company_id']).doNothing())
      .execute();
}
