import type { Db } from '../../db/database';

// Who may use a test: the company that owns it and those it is shared with (test_shares). The console's
// list, a console bundle's references and the scoring script all ask the same.

/** Tests the company owns or that are shared with it, as a condition on `tests.id`. */
export const ownOrSharedTestIds = (db: Db, companyId: number) =>
  db
    .selectFrom('tests')
    .select('tests.id')
    .where('tests.owner_company_id', '=', companyId)
    .union(db.selectFrom('test_shares').select('test_shares.test_id as id').where('test_shares.company_id', '=', companyId));

/**
 * Campaigns of other companies that list one of these tests and may (the test is shared with their
 * company): a test used there is read-only to its owner too, since a change would change their campaign.
 * A campaign that lists a test without a share (made before shares existed) does not hold its owner back.
 */
export function usedByOtherCompanies(db: Db, testIds: number[], companyId: number) {
  return db
    .selectFrom('campaign_tests')
    .innerJoin('campaigns', 'campaigns.id', 'campaign_tests.campaign_id')
    .innerJoin('test_shares', (join) =>
      join.onRef('test_shares.test_id', '=', 'campaign_tests.test_id').onRef('test_shares.company_id', '=', 'campaigns.company_id'),
    )
    .select(['campaign_tests.test_id', 'campaign_tests.campaign_id', 'campaigns.company_id'])
    .where('campaign_tests.test_id', 'in', testIds)
    .where('campaigns.company_id', '!=', companyId)
    .execute();
}
