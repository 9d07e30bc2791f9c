import { bundleTestSchema } from '@prova/contract/bundle';
import { OPERATOR_ROLE } from '@prova/contract/auth';
import { formatPath } from '@prova/contract/errors';
import type { Db } from '../db/database';
import type { TestRow } from '../db/schema';
import { usedByOtherCompanies } from '../repositories/staff/test-use';
import { diffRow, isEmpty } from './diff-row';
import { testReferences } from './test-references';
import { toTestRow } from './write-tests';

// A bundle uploaded from the console may touch only the uploader's company: its company record,
// its people, its campaigns, its own tests, and name only tests it owns or that are shared with it. (`npm run import`, the operator's
// tool, may touch anything.) Reads the bundle as written, so the problems are listed whether or not
// the rest of it is valid.

export interface OwnCompany {
  id: number;
  name: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (input: unknown, key: string) => (isRecord(input) && Array.isArray(input[key]) ? (input[key] as unknown[]) : []);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);
const id = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : undefined;

export async function checkBundleScope(db: Db, input: unknown, company: OwnCompany): Promise<string[]> {
  const problems: string[] = [];
  const names = new Set([company.name]);

  list(input, 'companies').forEach((raw, at) => {
    if (!isRecord(raw)) return;
    const name = text(raw.name);
    const given = id(raw.id);
    const isOwn = given === company.id || (given === undefined && name === company.name);
    if (!isOwn) problems.push(`companies[${at}]: a bundle uploaded from the console describes only your company "${company.name}"`);
    else if (name) names.add(name);
    if (isOwn && raw.sso !== undefined) problems.push(`companies[${at}].sso: single sign-on is set up by the platform operator`);
  });

  // The languages are every company's: a console bundle may list them only as they are.
  const languages = list(input, 'languages');
  if (languages.length) {
    const stored = new Map((await db.selectFrom('languages').select(['lang', 'name']).execute()).map((l) => [l.lang, l.name]));
    languages.forEach((raw, at) => {
      if (!isRecord(raw)) return;
      const lang = text(raw.lang);
      if (lang !== undefined && stored.get(lang) !== text(raw.name))
        problems.push(`languages[${at}]: the platform's languages are named by the platform operator`);
    });
  }

  const users = list(input, 'users');
  const emails = users.map((raw) => (isRecord(raw) ? text(raw.email)?.toLowerCase() : undefined));
  const userIds = users.map((raw) => (isRecord(raw) ? id(raw.id) : undefined));
  const known = await findUsers(
    db,
    emails.filter((e): e is string => !!e),
    userIds.filter((v): v is number => v !== undefined),
  );
  users.forEach((raw, at) => {
    if (!isRecord(raw)) return;
    const name = text(raw.company);
    if (name !== undefined && !names.has(name))
      problems.push(`users[${at}].company: people uploaded from the console belong to "${company.name}"`);
    const byEmail = emails[at] ? known.byEmail.get(emails[at]!) : undefined;
    if (byEmail !== undefined && byEmail.companyId !== company.id) problems.push(`users[${at}].email: "${emails[at]}" is taken`);
    // Absent, a bundle's role is `user`: listing the operator without theirs would take it away.
    const role = raw.role ?? 'user';
    if ((role === OPERATOR_ROLE) !== (byEmail?.role === OPERATOR_ROLE))
      problems.push(`users[${at}].role: the operator's role is given by the platform operator only`);
    const byId = userIds[at] !== undefined ? known.byId.get(userIds[at]!) : undefined;
    if (byId !== undefined && byId !== company.id) problems.push(`users[${at}].id: id ${userIds[at]} is taken`);
  });

  const campaigns = list(input, 'campaigns');
  const campaignIds = campaigns.map((raw) => (isRecord(raw) ? id(raw.id) : undefined)).filter((v): v is number => v !== undefined);
  const campaignOwners = await owners(db, 'campaigns', campaignIds);
  campaigns.forEach((raw, at) => {
    if (!isRecord(raw)) return;
    const name = text(raw.company);
    if (name !== undefined && !names.has(name))
      problems.push(`campaigns[${at}].company: campaigns uploaded from the console belong to "${company.name}"`);
    const given = id(raw.id);
    const owner = given !== undefined ? campaignOwners.get(given) : undefined;
    if (owner !== undefined && owner !== company.id) problems.push(`campaigns[${at}].id: id ${given} is taken`);
  });

  list(input, 'norms').forEach((raw, at) => {
    const name = isRecord(raw) ? text(raw.company) : undefined;
    if (name !== undefined && !names.has(name))
      problems.push(`norms[${at}].company: norms uploaded from the console belong to "${company.name}"`);
  });

  problems.push(...(await checkTests(db, input, company, names)));
  return problems;
}

/**
 * Every test the bundle names must be the company's own, shared with it, or new in the bundle (then the
 * company's). The bundle's `tests[]` change only the company's own tests (and not one another company
 * that it is shared with uses); a shared or library test may be listed unchanged. Problems never tell what
 * another company has: an id that is not the company's reads as taken, or as not one of its tests.
 */
async function checkTests(db: Db, input: unknown, company: OwnCompany, names: Set<string>): Promise<string[]> {
  const problems: string[] = [];
  const tests = list(input, 'tests');
  const references = testReferences(input);
  const ids = [...new Set([...tests.map((raw) => (isRecord(raw) ? id(raw.id) : undefined)), ...references.map((r) => r.id)])].filter(
    (v): v is number => v !== undefined,
  );
  const access = await testAccess(db, ids, company.id);

  tests.forEach((raw, at) => {
    if (!isRecord(raw)) return;
    const path = `tests[${at}]`;
    const owner = text(raw.owner);
    if (owner !== undefined && !names.has(owner))
      problems.push(`${path}.owner: tests uploaded from the console belong to "${company.name}"`);
    if (raw.sharedWith !== undefined) problems.push(`${path}.sharedWith: tests are shared by the platform operator`);
    const given = id(raw.id);
    const found = given === undefined ? undefined : access.get(given);
    if (!found) return; // new: it becomes the company's
    if (found.kind === 'other') {
      problems.push(`${path}.id: id ${given} is taken`);
      return;
    }
    if (found.kind === 'own' && !found.usedElsewhere) return;
    const parsed = bundleTestSchema.safeParse(raw);
    if (!parsed.success) return; // the importer lists why
    // A package test's url is its player's, known once stored: the rest of the row says whether it changes.
    if (isEmpty(diffRow(found.row, toTestRow({ ...parsed.data, url: parsed.data.url ?? found.row.url })))) return; // listed as it is
    problems.push(
      found.kind === 'own'
        ? `${path}: test ${given} is shared with another company that uses it: it cannot be changed from here`
        : `${path}: test ${given} is shared with your company, not yours: only its owner changes it`,
    );
  });

  const defined = new Set(tests.map((raw) => (isRecord(raw) ? id(raw.id) : undefined)));
  for (const ref of references) {
    const found = access.get(ref.id);
    if (found ? found.kind !== 'other' : defined.has(ref.id)) continue;
    if (!found) continue; // unknown: the importer lists it
    problems.push(`${formatPath('', ref.path)}: test ${ref.id} is not one of your company's tests, nor shared with it`);
  }
  return problems;
}

type TestAccess = { kind: 'own'; row: TestRow; usedElsewhere: boolean } | { kind: 'shared'; row: TestRow } | { kind: 'other' };

/** What the company may do with each existing test among `ids`: its own, shared with it, or another's. */
async function testAccess(db: Db, ids: number[], companyId: number): Promise<Map<number, TestAccess>> {
  const out = new Map<number, TestAccess>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const shared = new Set(
      (
        await db.selectFrom('test_shares').select('test_id').where('company_id', '=', companyId).where('test_id', 'in', chunk).execute()
      ).map((r) => r.test_id),
    );
    const usedElsewhere = new Set((await usedByOtherCompanies(db, chunk, companyId)).map((r) => r.test_id));
    for (const row of await db.selectFrom('tests').selectAll().where('id', 'in', chunk).execute()) {
      if (row.owner_company_id === companyId) out.set(row.id, { kind: 'own', row, usedElsewhere: usedElsewhere.has(row.id) });
      else if (shared.has(row.id)) out.set(row.id, { kind: 'shared', row });
      else out.set(row.id, { kind: 'other' });
    }
  }
  return out;
}

async function findUsers(db: Db, emails: string[], ids: number[]) {
  const byEmail = new Map<string, { companyId: number; role: string }>();
  const byId = new Map<number, number>();
  for (let i = 0; i < emails.length; i += 500) {
    for (const row of await db
      .selectFrom('users')
      .select(['email', 'company_id', 'role'])
      .where('email', 'in', emails.slice(i, i + 500))
      .execute())
      byEmail.set(row.email, { companyId: row.company_id, role: row.role });
  }
  for (let i = 0; i < ids.length; i += 500) {
    for (const row of await db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute())
      byId.set(row.id, row.company_id);
  }
  return { byEmail, byId };
}

async function owners(db: Db, table: 'campaigns', ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const row of await db
      .selectFrom(table)
      .select(['id', 'company_id'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute())
      out.set(row.id, row.company_id);
  }
  return out;
}
