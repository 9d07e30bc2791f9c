import { type Kysely, sql } from 'kysely';

/**
 * Tests shared with a company: besides the tests it owns, the only ones its staff see, reference from a
 * console bundle, and read the scoring script of. The operator shares them (`npm run import`, a test's
 * `sharedWith`, or a campaign of the company that lists the test).
 *
 * What deployments had before keeps working: a library test (owned by nobody) that a company's campaign
 * lists is shared with that company. A test one company owns and another company's campaign lists is not
 * (that is how a console bundle used to reach another company's test): the operator shares it if meant.
 */
export function testShares() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('test_shares')
        .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addPrimaryKeyConstraint('test_shares_pk', ['test_id', 'company_id'])
        .execute();
      // A company's list of visible tests starts from the company.
      await db.schema.createIndex('test_shares_company_idx').on('test_shares').columns(['company_id', 'test_id']).execute();
      await sql`insert into test_shares (test_id, company_id)
        select distinct campaign_tests.test_id, campaigns.company_id
        from campaign_tests
        join campaigns on campaigns.id = campaign_tests.campaign_id
        join tests on tests.id = campaign_tests.test_id
        where tests.owner_company_id is null`.execute(db);
    },
  };
}
