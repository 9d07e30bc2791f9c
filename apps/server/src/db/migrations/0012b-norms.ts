import type { Kysely } from 'kysely';
import { autoId, type DialectName } from '../dialect';

/**
 * Norm groups (issue 50): a company's reference population for one outcome of one test, as a mean and sd or a
 * percentile table (JSON), with its size; imported from a bundle (explicit ids) or built in the console from the
 * company's campaigns (numbered). `campaign_norms` are the norms a campaign's reports read against.
 */
export function norms(dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('norms')
        .addColumn('id', 'integer', autoId(dialect))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('test_id', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('mean', 'double precision')
        .addColumn('sd', 'double precision')
        .addColumn('norm_table', 'text')
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('norms_company').on('norms').column('company_id').execute();
      await db.schema
        .createTable('campaign_norms')
        .addColumn('campaign_id', 'integer', (c) => c.notNull())
        .addColumn('norm_id', 'integer', (c) => c.notNull().references('norms.id'))
        .addPrimaryKeyConstraint('campaign_norms_pk', ['campaign_id', 'norm_id'])
        .execute();
    },
  };
}
