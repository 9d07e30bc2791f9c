import type { Kysely } from 'kysely';

/**
 * 360 answers, one row per rater, person rated and question (and answer, for linked questions), so
 * each save replaces only what it answers and the report can group raters by their relation.
 */
export function answers360() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('answers360')
        .addColumn('campaign_id', 'integer', (c) => c.notNull())
        .addColumn('evaluee_id', 'integer', (c) => c.notNull())
        .addColumn('evaluator_id', 'integer', (c) => c.notNull())
        .addColumn('question_id', 'integer', (c) => c.notNull())
        // 0 for closed and open questions; the chosen answer of a linked one.
        .addColumn('answer_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('value', 'double precision')
        .addColumn('text_value', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('answers360_pk', ['campaign_id', 'evaluee_id', 'evaluator_id', 'question_id', 'answer_id'])
        .execute();
    },
  };
}
