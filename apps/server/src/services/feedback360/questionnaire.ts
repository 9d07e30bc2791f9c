import type { FieldIssue } from '@prova/contract/errors';
import { type BundleQuestions360, type BundleScale360, bundleQuestions360Schema } from '@prova/contract/bundle';
import {
  closedOptions,
  type EvaluationAnswers,
  type EvaluationState,
  NOT_OBSERVED,
  type QuestionsResponse,
  type Relation,
  type RelationsResponse,
  SELF_RELATION_ID,
} from '@prova/contract/feedback360';
import { type Gender, genderedText } from '@prova/contract/gendered-text';
import { DEFAULT_LANG } from '@prova/contract/limits';
import { localize, pickLang } from '../../presenters/localize';
import type { AnswerRow, RelationRow } from '../../repositories/feedback360-repository';

export type Questionnaire = Omit<QuestionsResponse, 'status' | 'evaluee'>;

/** Questions that do not read are none. */
const NO_QUESTIONS = bundleQuestions360Schema.parse({});

export function presentRelation(row: RelationRow, lang: string): Relation {
  return {
    id: row.evaluee_id,
    firstName: row.first_name,
    lastName: row.last_name,
    relationId: row.relation_id,
    user_is_evaluated: (row.status ?? 'n') as EvaluationState,
    label: localize(row.label, lang),
    version: row.version ?? 0,
  };
}

/** The 360 test's explanations (labels360) in the campaign language, Italian or the first given otherwise. */
export function presentLabels(
  all: ReadonlyArray<Record<string, unknown>> | null,
  lang: string,
  readerGender: Gender,
): RelationsResponse['labels'] {
  const chosen = all?.find((l) => l.lang === lang) ?? all?.find((l) => l.lang === DEFAULT_LANG) ?? all?.[0] ?? {};
  // They speak to the evaluator ('di te stesso'), whose gendered words they follow.
  const text = (value: unknown) => genderedText(typeof value === 'string' ? value : '', readerGender);
  return { details_360: text(chosen.details_360), details_auto: text(chosen.details_auto), details_etero: text(chosen.details_etero) };
}

/**
 * The campaign's questions in its language, with the closed scale this evaluator's relation gets; oneself is
 * asked in the first person. The questions speak about the person evaluated ('Tende a lavorare da solo'), or
 * as them in a self-evaluation: their gendered words follow that person's gender.
 */
export function questionnaireFor(
  campaign: { questions360: BundleQuestions360 | null; scale360: BundleScale360; range360_num: number },
  relationId: number,
  lang: string,
  evalueeGender: Gender,
): Questionnaire {
  const questions = campaign.questions360 ?? NO_QUESTIONS;
  const { labels, notObserved } = campaign.scale360;
  const text = (value: unknown) => pickLang(value, lang, evalueeGender);
  const self = relationId === SELF_RELATION_ID;
  const wording = (q: { text: unknown; selfText?: unknown }) => text(self && q.selfText ? q.selfText : q.text);
  const options = closedOptions(campaign.range360_num, relationId);
  return {
    options,
    scaleLabels: Object.fromEntries(
      Object.entries(labels)
        .filter(([point, label]) => label && options.includes(Number(point)))
        .map(([point, label]) => [point, text(label)]),
    ),
    notObserved,
    closed: questions.closed.map((q) => ({ id: q.id, text: wording(q) })),
    linked: questions.linked.map((q) => ({
      id: q.id,
      label: text(q.label),
      min_answers: q.min_answers,
      max_answers: q.max_answers,
      columns: [...q.columns].sort((a, b) => a.order - b.order).map((c) => ({ order: c.order, label: text(c.label) })),
      answers: q.answers.map((a) => ({ id: a.id, label: text(a.label) })),
    })),
    open: questions.open.map((q) => ({ id: q.id, text: wording(q) })),
  };
}

/** Answers that do not fit the questionnaire: unknown questions, values off the scale, too many answers in a column. */
export function answerProblems(questionnaire: Questionnaire, answers: EvaluationAnswers): FieldIssue[] {
  const problems: FieldIssue[] = [];
  const closed = new Map(questionnaire.closed.map((q) => [String(q.id), q]));
  const open = new Set(questionnaire.open.map((q) => String(q.id)));
  const linked = new Map(questionnaire.linked.map((q) => [String(q.id), q]));
  for (const [id, value] of Object.entries(answers.closed)) {
    if (!closed.has(id)) problems.push({ path: `data.closed.${id}`, message: 'not a closed question of this campaign' });
    else if (value === NOT_OBSERVED) {
      if (!questionnaire.notObserved) problems.push({ path: `data.closed.${id}`, message: 'this campaign does not allow "non osservato"' });
    } else if (!questionnaire.options.includes(value))
      problems.push({ path: `data.closed.${id}`, message: `expected one of ${questionnaire.options.join(', ')}` });
  }
  for (const id of Object.keys(answers.open)) {
    if (!open.has(id)) problems.push({ path: `data.open.${id}`, message: 'not an open question of this campaign' });
  }
  for (const [id, given] of Object.entries(answers.linked)) {
    const question = linked.get(id);
    if (!question) {
      problems.push({ path: `data.linked.${id}`, message: 'not a linked question of this campaign' });
      continue;
    }
    const answerIds = new Set(question.answers.map((a) => String(a.id)));
    const orders = new Set(question.columns.map((c) => c.order));
    for (const [answerId, order] of Object.entries(given)) {
      if (!answerIds.has(answerId)) problems.push({ path: `data.linked.${id}.${answerId}`, message: 'not an answer of this question' });
      else if (!orders.has(order)) problems.push({ path: `data.linked.${id}.${answerId}`, message: 'not a column of this question' });
    }
    for (const column of question.columns) {
      const count = Object.values(given).filter((order) => order === column.order).length;
      if (count > question.max_answers)
        problems.push({ path: `data.linked.${id}`, message: `at most ${question.max_answers} answers a column` });
    }
  }
  return problems;
}

/** One row per closed and open question, one per linked answer (its value is the column's order). */
export function answersToRows(answers: EvaluationAnswers): AnswerRow[] {
  return [
    // "Non osservato" is a row of its own kind with no value, so that every mean (AVG, or a filter on value) leaves it out.
    ...Object.entries(answers.closed).map(([id, value]) =>
      value === NOT_OBSERVED
        ? { question_id: Number(id), answer_id: 0, value: null, text_value: null, not_observed: 1 }
        : { question_id: Number(id), answer_id: 0, value, text_value: null, not_observed: 0 },
    ),
    ...Object.entries(answers.open)
      .filter(([, text]) => text.trim() !== '')
      .map(([id, text]) => ({ question_id: Number(id), answer_id: 0, value: null, text_value: text, not_observed: 0 })),
    ...Object.entries(answers.linked).flatMap(([id, given]) =>
      Object.entries(given).map(([answerId, order]) => ({
        question_id: Number(id),
        answer_id: Number(answerId),
        value: order,
        text_value: null,
        not_observed: 0,
      })),
    ),
  ];
}

export function rowsToAnswers(rows: AnswerRow[], questionnaire: Questionnaire): EvaluationAnswers {
  const linkedIds = new Set(questionnaire.linked.map((q) => q.id));
  const answers: EvaluationAnswers = { closed: {}, open: {}, linked: {} };
  for (const row of rows) {
    const id = String(row.question_id);
    if (linkedIds.has(row.question_id) && row.answer_id !== 0 && row.value !== null) {
      answers.linked[id] = { ...answers.linked[id], [String(row.answer_id)]: row.value };
    } else if (row.not_observed === 1) answers.closed[id] = NOT_OBSERVED;
    else if (row.text_value !== null) answers.open[id] = row.text_value;
    else if (row.value !== null) answers.closed[id] = row.value;
  }
  return answers;
}
