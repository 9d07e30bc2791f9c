import type { BundleQuestions360, LocalizedText } from '@prova/contract/bundle';
import type { Gender } from '@prova/contract/gendered-text';
import type { Results360, Results360Group } from '@prova/contract/reports';
import { localize, pickLang } from '../../presenters/localize';

/** Relation id of a self-evaluation. */
export const SELF_RELATION = 3;

export interface Results360Inputs {
  evalueeId: number;
  questions: BundleQuestions360;
  raters: ReadonlyArray<{ evaluator_id: number; relation_id: number; label: LocalizedText }>;
  answers: ReadonlyArray<{ evaluator_id: number; question_id: number; answer_id: number; value: number | null; text_value: string | null }>;
  threshold: number;
  scaleMax: number;
  lang: string;
  /** The person's gender, which the questions' gendered words follow. */
  gender?: Gender;
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * The ratings about one person by relation group, so that no rater can be singled out: a group with
 * fewer raters than the threshold is pooled with the other small ones ('others'), and the pool is
 * hidden when it is still too small. The mean of every other rater ('all') is shown only when no
 * hidden pool could be worked out from it and the groups shown.
 */
export function computeResults360(inputs: Results360Inputs): Results360 {
  const { evalueeId, threshold, lang, gender } = inputs;
  const relationOf = new Map<number, number>();
  const labelOf = new Map<number, string>();
  for (const rater of inputs.raters) {
    const relation = rater.evaluator_id === evalueeId ? SELF_RELATION : rater.relation_id;
    relationOf.set(rater.evaluator_id, relation);
    if (!labelOf.has(relation)) labelOf.set(relation, localize(rater.label, lang));
  }
  const groupOf = (evaluatorId: number) => {
    const relation = relationOf.get(evaluatorId);
    if (relation === undefined) return undefined; // not (or no longer) a rater of this person
    return relation === SELF_RELATION ? 'self' : `relation:${relation}`;
  };

  const seen = new Set<string>();
  const questions = inputs.questions.closed.map((question) => {
    const byGroup = new Map<string, number[]>();
    for (const answer of inputs.answers) {
      if (answer.question_id !== question.id || answer.answer_id !== 0 || answer.value == null) continue;
      const group = groupOf(answer.evaluator_id);
      if (group) byGroup.set(group, [...(byGroup.get(group) ?? []), answer.value]);
    }
    const means: Record<string, number> = {};
    const raters: Record<string, number> = {};
    const show = (key: string, values: number[]) => {
      means[key] = mean(values);
      raters[key] = values.length;
      seen.add(key);
    };
    const pooled: number[] = [];
    const everyOther: number[] = [];
    for (const [key, values] of byGroup) {
      if (key === 'self') {
        show(key, values);
        continue;
      }
      everyOther.push(...values);
      if (values.length >= threshold) show(key, values);
      else pooled.push(...values);
    }
    const poolShown = pooled.length >= threshold;
    if (poolShown) show('others', pooled);
    if (everyOther.length >= threshold && (pooled.length === 0 || poolShown)) show('all', everyOther);
    return { id: question.id, text: pickLang(question.text, lang, gender), means, raters };
  });

  const otherRaters = new Set(
    inputs.answers.filter((a) => groupOf(a.evaluator_id) !== undefined && a.evaluator_id !== evalueeId).map((a) => a.evaluator_id),
  );
  const comments = inputs.questions.open.map((question) => {
    const texts = (self: boolean) =>
      inputs.answers
        .filter((a) => a.question_id === question.id && (a.evaluator_id === evalueeId) === self && groupOf(a.evaluator_id))
        .map((a) => a.text_value?.trim() ?? '')
        .filter(Boolean);
    // Sorted, so that the order says nothing about who wrote what.
    const others = otherRaters.size >= threshold ? texts(false).sort((a, b) => a.localeCompare(b)) : [];
    return { id: question.id, text: pickLang(question.text, lang, gender), self: texts(true), others };
  });

  return { scaleMax: inputs.scaleMax, threshold, groups: orderGroups(seen, labelOf), questions, comments };
}

function orderGroups(keys: Set<string>, labelOf: Map<number, string>): Results360Group[] {
  const groups: Results360Group[] = [];
  if (keys.has('self')) groups.push({ key: 'self', kind: 'self', label: '' });
  const relations = [...keys]
    .filter((key) => key.startsWith('relation:'))
    .map((key) => Number(key.slice('relation:'.length)))
    .sort((a, b) => a - b);
  for (const relation of relations) groups.push({ key: `relation:${relation}`, kind: 'relation', label: labelOf.get(relation) ?? '' });
  if (keys.has('others')) groups.push({ key: 'others', kind: 'others', label: '' });
  if (keys.has('all')) groups.push({ key: 'all', kind: 'all', label: '' });
  return groups;
}
