import { z } from './zod';
import { idSchema, statusOk } from './common';
import { DB_INT_MAX } from './limits';

// 360-degree feedback: whom a person evaluates, the questionnaire, and the answers of one evaluation.

/** Relation id of a self-evaluation (evaluator = evaluee). */
export const SELF_RELATION_ID = 3;
/** Evaluators of this relation do not get the middle option (value 3) of the closed scale. */
export const NO_MIDDLE_RELATION_ID = 4;
export const NO_MIDDLE_VALUE = 3;
/** Closed questions per page (on a wide screen). */
export const CLOSED_PER_PAGE = 10;
/** Up to this width the closed questions come one at a time. */
export const CAROUSEL_MAX_WIDTH_PX = 900;
export const OPEN_ANSWER_MAX_CHARS = 4000;
/** A closed answer of "non osservato" (where the campaign's scale360 allows it): an answer, but no value of any mean. */
export const NOT_OBSERVED = 'not-observed';

/** n: not started (Inizia), p: partial (Continua), y: done (Modifica). */
export const EVALUATION_STATES = ['n', 'p', 'y'] as const;
export type EvaluationState = (typeof EVALUATION_STATES)[number];

/** The options of the closed scale for an evaluator's relation: 1..range, without 3 for relation 4. */
export function closedOptions(range: number, relationId: number): number[] {
  const all = Array.from({ length: range }, (_, i) => i + 1);
  return relationId === NO_MIDDLE_RELATION_ID ? all.filter((value) => value !== NO_MIDDLE_VALUE) : all;
}

export const relationSchema = z.object({
  /** The evaluee's user id. */
  id: z.int(),
  firstName: z.string(),
  lastName: z.string(),
  relationId: z.int(),
  user_is_evaluated: z.enum(EVALUATION_STATES),
  label: z.string(),
  /** The evaluation's version on the server (0 before any answer): a newer local copy wins. */
  version: z.int(),
});
export type Relation = z.infer<typeof relationSchema>;

/** GET /usercampaign/{campaignId}/userrelation: the people the caller evaluates, and the explanations by relation type. */
export const relationsResponseSchema = z.extend(statusOk, {
  result: z.array(relationSchema),
  /** HTML from the 360 test's labels360 in the campaign language: general, self-evaluation, evaluation of others. */
  labels: z.object({ details_360: z.string(), details_auto: z.string(), details_etero: z.string() }),
});
export type RelationsResponse = z.infer<typeof relationsResponseSchema>;

/** `text` is already the self-evaluation's wording (selfText) when the evaluator rates themself. */
export const closedQuestionSchema = z.object({ id: z.int(), text: z.string() });
export const openQuestionSchema = z.object({ id: z.int(), text: z.string() });
export const linkedQuestionSchema = z.object({
  id: z.int(),
  label: z.string(),
  min_answers: z.int().check(z.minimum(0)),
  max_answers: z.int().check(z.minimum(1)),
  columns: z.array(z.object({ order: z.int(), label: z.string() })),
  answers: z.array(z.object({ id: z.int(), label: z.string() })),
});
export type ClosedQuestion = z.infer<typeof closedQuestionSchema>;
export type OpenQuestion = z.infer<typeof openQuestionSchema>;
export type LinkedQuestion = z.infer<typeof linkedQuestionSchema>;

/** GET /usercampaign/{campaignId}/questions/{evaluee}: the questionnaire as this evaluator sees it. */
export const questionsResponseSchema = z.extend(statusOk, {
  evaluee: relationSchema,
  /** The closed scale's values for this evaluator. */
  options: z.array(z.int()),
  /** The campaign's words for some of those values, by value, in its language (the app has default words for the rest). */
  scaleLabels: z.record(z.string(), z.string()),
  /** Whether "non osservato" is offered beside the values. */
  notObserved: z.boolean(),
  closed: z.array(closedQuestionSchema),
  linked: z.array(linkedQuestionSchema),
  open: z.array(openQuestionSchema),
});
export type QuestionsResponse = z.infer<typeof questionsResponseSchema>;

const key = z.string().check(z.regex(/^\d{1,10}$/, 'Expected a question or answer id'));

/** One evaluation's answers: closed values, open texts, and for linked questions the column each answer went to. */
export const evaluationAnswersSchema = z.object({
  closed: z._default(z.record(key, z.union([z.int(), z.literal(NOT_OBSERVED)])), {}),
  open: z._default(z.record(key, z.string().check(z.maxLength(OPEN_ANSWER_MAX_CHARS))), {}),
  linked: z._default(z.record(key, z.record(key, z.int())), {}),
});
export type EvaluationAnswers = z.infer<typeof evaluationAnswersSchema>;
/** A closed question's answer: a point of the scale, or "non osservato". */
export type ClosedAnswer = EvaluationAnswers['closed'][string];

/** POST /tests/360/data/{campaignId}/{evaluee}: the whole evaluation so far; a newer version replaces an older one. */
export const evaluationSaveSchema = z.object({
  version: z.int().check(z.minimum(0), z.maximum(DB_INT_MAX)),
  data: evaluationAnswersSchema,
  /** The evaluator pressed 'TERMINA IL QUESTIONARIO': every question must be answered. */
  finished: z._default(z.boolean(), false),
});
export type EvaluationSave = z.infer<typeof evaluationSaveSchema>;

/** The stored evaluation (GET) and the answer to a save: the version the server holds. */
export const evaluationResponseSchema = z.extend(statusOk, {
  data: z.object({ version: z.int(), status: z.enum(EVALUATION_STATES), answers: evaluationAnswersSchema }),
});
export type EvaluationResponse = z.infer<typeof evaluationResponseSchema>;

export const evaluationParamsSchema = z.object({ campaignId: idSchema, evaluee: idSchema });
export const relationsParamsSchema = z.object({ campaignId: idSchema });

/** What is still missing before an evaluation can be finished, as `data.<kind>.<id>` paths. */
export function missingAnswers(questions: Pick<QuestionsResponse, 'closed' | 'linked' | 'open'>, answers: EvaluationAnswers): string[] {
  const missing: string[] = [];
  for (const q of questions.closed) if (answers.closed[q.id] === undefined) missing.push(`data.closed.${q.id}`);
  for (const q of questions.linked) {
    const given = answers.linked[q.id] ?? {};
    for (const column of q.columns) {
      const count = Object.values(given).filter((order) => order === column.order).length;
      if (count < q.min_answers) missing.push(`data.linked.${q.id}`);
    }
  }
  for (const q of questions.open) if (!answers.open[q.id]?.trim()) missing.push(`data.open.${q.id}`);
  return [...new Set(missing)];
}
