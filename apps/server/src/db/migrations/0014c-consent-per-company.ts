import type { Kysely } from 'kysely';

/**
 * Consent once per company and text (issue 54): a person who accepted a version of their company's privacy text in one
 * campaign is not asked again in another campaign of that company showing the same version. Each consent record now
 * names the company it was given to, so it keeps counting when its campaign is gone (`campaign_id` may be null).
 * Records before this migration take their campaign's company, else the person's.
 */
export function consentPerCompany() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('consent_records').addColumn('company_id', 'integer').execute();
      await db
        .updateTable('consent_records')
        .set((eb) => ({
          company_id: eb.fn.coalesce(
            eb.selectFrom('campaigns').select('campaigns.company_id').whereRef('campaigns.id', '=', 'consent_records.campaign_id'),
            eb.selectFrom('users').select('users.company_id').whereRef('users.id', '=', 'consent_records.user_id'),
          ),
        }))
        .execute();
      await db.schema.createIndex('consent_records_company').on('consent_records').columns(['user_id', 'company_id']).execute();
    },
  };
}
