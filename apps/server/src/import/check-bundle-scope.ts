import type { Db } from '../db/database';

// A bundle uploaded from the console may touch only the uploader's company: its company record,
// its people, its campaigns, and tests no other company uses. (`npm run import`, the operator's
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
    if (byEmail !== undefined && byEmail !== company.id) problems.push(`users[${at}].email: "${emails[at]}" is taken`);
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

  const tests = list(input, 'tests');
  const testIds = tests.map((raw) => (isRecord(raw) ? id(raw.id) : undefined)).filter((v): v is number => v !== undefined);
  const shared = await testsNotEditable(db, testIds, company.id);
  tests.forEach((raw, at) => {
    const given = isRecord(raw) ? id(raw.id) : undefined;
    if (given !== undefined && shared.has(given))
      problems.push(`tests[${at}].id: test ${given} is another company's too: it cannot be changed from here`);
  });
  return problems;
}

async function findUsers(db: Db, emails: string[], ids: number[]) {
  const byEmail = new Map<string, number>();
  const byId = new Map<number, number>();
  for (let i = 0; i < emails.length; i += 500) {
    for (const row of await db
      .selectFrom('users')
      .select(['email', 'company_id'])
      .where('email', 'in', emails.slice(i, i + 500))
      .execute())
      byEmail.set(row.email, row.company_id);
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

/** Existing tests among `ids` that another company owns or uses. */
async function testsNotEditable(db: Db, ids: number[], companyId: number): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    for (const row of await db.selectFrom('tests').select(['id', 'owner_company_id']).where('id', 'in', chunk).execute())
      if (row.owner_company_id !== null && row.owner_company_id !== companyId) out.add(row.id);
    const used = await db
      .selectFrom('campaign_tests')
      .innerJoin('campaigns', 'campaigns.id', 'campaign_tests.campaign_id')
      .select('campaign_tests.test_id')
      .where('campaign_tests.test_id', 'in', chunk)
      .where('campaigns.company_id', '!=', companyId)
      .execute();
    for (const row of used) out.add(row.test_id);
  }
  return out;
}
