import type { Kysely } from 'kysely';

/**
 * Indexes for reads on a candidate's path that the growth benchmark found narrowed by the campaign
 * alone (test/scale/hot-queries.sqlite.test.ts): a person's outcomes (the report), a test's assessments (is it
 * an assessor test?), the tests a person is assessed in (covering, so that SQLite prefers it without
 * statistics).
 */
export function hotPathIndexes() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.createIndex('outcomes_person_idx').on('outcomes').columns(['campaign_id', 'user_id']).execute();
      await db.schema.createIndex('assessments_test_idx').on('assessments').columns(['campaign_id', 'test_id']).execute();
      await db.schema.dropIndex('assessments_assessed_idx').execute();
      await db.schema
        .createIndex('assessments_assessed_idx')
        .on('assessments')
        .columns(['campaign_id', 'assessed_id', 'test_id'])
        .execute();
    },
  };
}
