import type { Kysely } from 'kysely';

/**
 * 360 feedback: each evaluation (who evaluates whom, its version and state) and its answers, one row
 * per question (and answer, for linked questions), so the report can group raters by their relation.
 */
export function feedback360() {
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
      await db.schema
        .createTable('evaluations360')
        .addColumn('campaign_id', 'integer', (c) => c.notNull())
        .addColumn('evaluator_id', 'integer', (c) => c.notNull())
        .addColumn('evaluee_id', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        // 'p' while answers are being given, 'y' once finished ('n' is the absence of a row).
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('evaluations360_pk', ['campaign_id', 'evaluator_id', 'evaluee_id'])
        .execute();
    },
  };
}
