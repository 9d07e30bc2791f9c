import { sql } from 'kysely';
import type { LocalizedText } from '@prova/contract/bundle';
import { type Db, inTransaction } from '../db/database';
import { storedText } from './json-column-readers';

export interface EvaluationKey {
  campaignId: number;
  evaluatorId: number;
  evalueeId: number;
}

export interface AnswerRow {
  question_id: number;
  answer_id: number;
  value: number | null;
  text_value: string | null;
  /** 1: "non osservato" (value is null). */
  not_observed: number;
}

/** A relation's label (the evaluator's relation to the one evaluated: 'Collega') parsed. */
const withLabel = <R extends { label: string | null }>(row: R): Omit<R, 'label'> & { label: LocalizedText } => ({
  ...row,
  label: storedText(row.label),
});

/** 360 relations and evaluations: whom a person evaluates, and how far each evaluation is. */
export function createFeedback360Repository(db: Db) {
  const relations = (campaignId: number, evaluatorId: number) =>
    db
      .selectFrom('relations360')
      .innerJoin('users', 'users.id', 'relations360.evaluee_id')
      .leftJoin('evaluations360', (join) =>
        join
          .onRef('evaluations360.campaign_id', '=', 'relations360.campaign_id')
          .onRef('evaluations360.evaluator_id', '=', 'relations360.evaluator_id')
          .onRef('evaluations360.evaluee_id', '=', 'relations360.evaluee_id'),
      )
      .select([
        'relations360.evaluee_id',
        'relations360.relation_id',
        'relations360.label',
        'users.first_name',
        'users.last_name',
        'users.gender',
        'evaluations360.status',
        'evaluations360.version',
      ])
      .where('relations360.campaign_id', '=', campaignId)
      .where('relations360.evaluator_id', '=', evaluatorId);

  return {
    /** Everyone the evaluator evaluates in the campaign, themself first, then by name. */
    listForEvaluator: async (campaignId: number, evaluatorId: number) =>
      (
        await relations(campaignId, evaluatorId)
          .orderBy(sql`case when relations360.evaluee_id = relations360.evaluator_id then 0 else 1 end`)
          .orderBy('users.last_name')
          .orderBy('users.first_name')
          .execute()
      ).map(withLabel),

    async findRelation(key: EvaluationKey) {
      const row = await relations(key.campaignId, key.evaluatorId).where('relations360.evaluee_id', '=', key.evalueeId).executeTakeFirst();
      return row && withLabel(row);
    },

    listAnswers: (key: EvaluationKey) =>
      db
        .selectFrom('answers360')
        .select(['question_id', 'answer_id', 'value', 'text_value', 'not_observed'])
        .where('campaign_id', '=', key.campaignId)
        .where('evaluator_id', '=', key.evaluatorId)
        .where('evaluee_id', '=', key.evalueeId)
        .execute(),

    /**
     * Replaces the evaluation when `version` is newer than the stored one (one conditional upsert, so
     * concurrent saves cannot let an older one win), with all its answers. Answers the state it holds after.
     */
    async save(key: EvaluationKey, version: number, status: 'p' | 'y', answers: AnswerRow[], now = new Date()) {
      return inTransaction(db, async (trx) => {
        const at = now.toISOString();
        const won = await trx
          .insertInto('evaluations360')
          .values({
            campaign_id: key.campaignId,
            evaluator_id: key.evaluatorId,
            evaluee_id: key.evalueeId,
            version,
            status,
            updated_at: at,
          })
          .onConflict((oc) =>
            oc
              .columns(['campaign_id', 'evaluator_id', 'evaluee_id'])
              .doUpdateSet({ version: sql`excluded.version`, status: sql`excluded.status`, updated_at: sql`excluded.updated_at` })
              .where(sql<boolean>`evaluations360.version < excluded.version`),
          )
          .returning(['version', 'status'])
          .executeTakeFirst();
        if (won) {
          const scope = { campaign_id: key.campaignId, evaluator_id: key.evaluatorId, evaluee_id: key.evalueeId };
          await trx
            .deleteFrom('answers360')
            .where('campaign_id', '=', key.campaignId)
            .where('evaluator_id', '=', key.evaluatorId)
            .where('evaluee_id', '=', key.evalueeId)
            .execute();
          if (answers.length)
            await trx
              .insertInto('answers360')
              .values(answers.map((a) => ({ ...scope, ...a, updated_at: at })))
              .execute();
          return { saved: true, version: won.version, status: won.status };
        }
        const held = await trx
          .selectFrom('evaluations360')
          .select(['version', 'status'])
          .where('campaign_id', '=', key.campaignId)
          .where('evaluator_id', '=', key.evaluatorId)
          .where('evaluee_id', '=', key.evalueeId)
          .executeTakeFirstOrThrow();
        return { saved: false, version: held.version, status: held.status };
      });
    },
  };
}

export type Feedback360Repository = ReturnType<typeof createFeedback360Repository>;
export type RelationRow = NonNullable<Awaited<ReturnType<Feedback360Repository['findRelation']>>>;
