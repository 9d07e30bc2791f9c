import type { Kysely } from 'kysely';

/**
 * Tests written in the staff console (issue 49): the test as its form edits it (authoredTestSchema of the
 * contract, as JSON), beside the test row that points at the QTI package written from it. The package is
 * stored like an imported one (content_packages); this keeps what the console reads back and edits, and what
 * the package export writes again, byte for byte.
 */
export function authoredTests() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('authored_tests')
        .addColumn('test_id', 'integer', (c) => c.primaryKey().references('tests.id'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('test', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('authored_tests_company').on('authored_tests').column('company_id').execute();
    },
  };
}
