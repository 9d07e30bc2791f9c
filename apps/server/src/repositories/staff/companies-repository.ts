import type { Changes } from '../../db/change-feed';
import type { Db } from '../../db/database';

/** A company as staff manage it: its own row, and how many people and campaigns it has. */
export function createStaffCompaniesRepository(db: Db, changes: Changes) {
  return {
    async find(companyId: number) {
      const company = await db
        .selectFrom('companies')
        .select(['id', 'name', 'logo', 'sso_slug', 'time_zone', 'erasure_keeps_results', 'retention_months'])
        .where('id', '=', companyId)
        .executeTakeFirst();
      if (!company) return undefined;
      const [people, campaigns] = await Promise.all([
        db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .where('erased_at', 'is', null)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('campaigns')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow(),
      ]);
      return { ...company, people: Number(people.n), campaigns: Number(campaigns.n) };
    },

    /** Another company already has this name. */
    async nameTaken(name: string, exceptId: number): Promise<boolean> {
      const row = await db.selectFrom('companies').select('id').where('name', '=', name).where('id', '!=', exceptId).executeTakeFirst();
      return row !== undefined;
    },

    async update(
      companyId: number,
      patch: { name: string; logo?: string | null; erasure_keeps_results?: number; retention_months?: number | null; time_zone?: string },
    ): Promise<void> {
      await db.updateTable('companies').set(patch).where('id', '=', companyId).execute();
      // Every signed-in person of the company carries its name and logo.
      await changes.announce({ kind: 'all' }, db);
    },
  };
}
