import type { Changes } from '../../db/change-feed';
import type { Db } from '../../db/database';
import { type SsoSettings, ssoSettingsOf } from '../json-column-readers';

/** What of a company's own keeps it from being deleted (its people's results, its tests and norms). */
export interface CompanyHoldings {
  people: number;
  campaigns: number;
  tests: number;
  authoredTests: number;
  norms: number;
}

const COLUMNS = ['id', 'name', 'logo', 'sso_slug', 'time_zone', 'erasure_keeps_results', 'retention_months'] as const;

/** Companies as staff (their own) and the platform's operator (every one) manage them. */
export function createStaffCompaniesRepository(db: Db, changes: Changes) {
  /** People and campaigns of each company, in two grouped counts. */
  async function countsOf(ids: number[]): Promise<Map<number, { people: number; campaigns: number }>> {
    const out = new Map(ids.map((id) => [id, { people: 0, campaigns: 0 }]));
    if (ids.length === 0) return out;
    const [people, campaigns] = await Promise.all([
      db
        .selectFrom('users')
        .select((eb) => ['company_id', eb.fn.countAll<number>().as('n')])
        .where('company_id', 'in', ids)
        // An erased person's tombstone is nobody.
        .where('erased_at', 'is', null)
        .groupBy('company_id')
        .execute(),
      db
        .selectFrom('campaigns')
        .select((eb) => ['company_id', eb.fn.countAll<number>().as('n')])
        .where('company_id', 'in', ids)
        .groupBy('company_id')
        .execute(),
    ]);
    for (const row of people) out.get(row.company_id)!.people = Number(row.n);
    for (const row of campaigns) out.get(row.company_id)!.campaigns = Number(row.n);
    return out;
  }

  return {
    async find(companyId: number) {
      const company = await db.selectFrom('companies').select(COLUMNS).where('id', '=', companyId).executeTakeFirst();
      if (!company) return undefined;
      return { ...company, ...(await countsOf([companyId])).get(companyId)! };
    },

    /** Every company, by name (the operator's list). */
    async list() {
      const companies = await db.selectFrom('companies').select(COLUMNS).orderBy('name').orderBy('id').execute();
      const counts = await countsOf(companies.map((c) => c.id));
      return companies.map((c) => ({ ...c, ...counts.get(c.id)! }));
    },

    /** Another company already has this name. */
    async nameTaken(name: string, exceptId?: number): Promise<boolean> {
      let query = db.selectFrom('companies').select('id').where('name', '=', name);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async create(row: { name: string; logo: string | null }): Promise<number> {
      const { id } = await db
        .insertInto('companies')
        .values({ ...row, sso_slug: null, sso: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async update(
      companyId: number,
      patch: { name: string; logo?: string | null; erasure_keeps_results?: number; retention_months?: number | null; time_zone?: string },
    ): Promise<void> {
      await db.updateTable('companies').set(patch).where('id', '=', companyId).execute();
      // Every signed-in person of the company carries its name and logo.
      await changes.announce({ kind: 'all' }, db);
    },

    async holdings(companyId: number): Promise<CompanyHoldings> {
      const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
        Number((await query.executeTakeFirstOrThrow()).n);
      const [people, campaigns, tests, authoredTests, norms] = await Promise.all([
        count(
          db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('company_id', '=', companyId),
        ),
        count(
          db
            .selectFrom('campaigns')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('company_id', '=', companyId),
        ),
        count(
          db
            .selectFrom('tests')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('owner_company_id', '=', companyId),
        ),
        count(
          db
            .selectFrom('authored_tests')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('company_id', '=', companyId),
        ),
        count(
          db
            .selectFrom('norms')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('company_id', '=', companyId),
        ),
      ]);
      return { people, campaigns, tests, authoredTests, norms };
    },

    /**
     * Deletes a company that holds nothing (holdings all 0, checked by the caller in the same transaction): the
     * library tests shared with it, its finished jobs, and the operators' sessions that had it as current go with it.
     */
    async delete(companyId: number): Promise<void> {
      await db.deleteFrom('test_shares').where('company_id', '=', companyId).execute();
      await db.deleteFrom('staff_jobs').where('company_id', '=', companyId).execute();
      await db.updateTable('sessions').set({ company_id: null }).where('company_id', '=', companyId).execute();
      await db.deleteFrom('companies').where('id', '=', companyId).execute();
      await changes.announce({ kind: 'all' }, db);
    },

    /** The company's SSO settings (the bundle's `companies.sso`): null if it has none or they do not read, undefined if no such company. */
    async findSso(companyId: number): Promise<SsoSettings | null | undefined> {
      const row = await db.selectFrom('companies').select('sso').where('id', '=', companyId).executeTakeFirst();
      return row && ssoSettingsOf(row.sso);
    },

    /** Another company signs in at this slug. */
    async slugTaken(slug: string, exceptId: number): Promise<boolean> {
      const row = await db.selectFrom('companies').select('id').where('sso_slug', '=', slug).where('id', '!=', exceptId).executeTakeFirst();
      return row !== undefined;
    },

    async setSso(companyId: number, sso: { slug: string; json: string } | null): Promise<void> {
      await db
        .updateTable('companies')
        .set({ sso_slug: sso?.slug ?? null, sso: sso?.json ?? null })
        .where('id', '=', companyId)
        .execute();
      await changes.announce({ kind: 'all' }, db);
    },
  };
}
