import type { BundleModel } from '@prova/contract/bundle';
import type { RatingCriterion } from '@prova/contract/tests';
import { pickLang } from '../../presenters/localize';
import type { TestSettings } from '../../repositories/tests-repository';

interface CriterionOption {
  id?: unknown;
  label?: unknown;
  description?: unknown;
  min?: unknown;
  max?: unknown;
  levels?: unknown;
}
interface GridOptions {
  criteria?: CriterionOption[];
  levels?: unknown;
}

/** A level's words by its value (`{ "1": "…" }`), in the person's language, for the values of the scale only. */
function levelsOf(given: unknown, min: number, max: number, lang: string): NonNullable<RatingCriterion['levels']> | undefined {
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return undefined;
  const levels = Object.entries(given)
    .map(([value, text]) => ({ value: Number(value), label: pickLang(text, lang) }))
    .filter((level) => Number.isInteger(level.value) && level.value >= min && level.value <= max && level.label !== '')
    .sort((a, b) => a.value - b.value);
  return levels.length > 0 ? levels : undefined;
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/**
 * What an assessor rates in a test: one criterion per task of the campaign's model that reads this
 * test (so the grid covers every marker the report needs), else the test's own `options.criteria`; each with the
 * words of its levels where the test's options give them (`levels`).
 */
export function ratingCriteria(input: {
  model: BundleModel | null;
  jsonData: Pick<TestSettings, 'options'>;
  testId: number;
  lang: string;
}): RatingCriterion[] {
  const options: GridOptions | undefined = input.jsonData.options;
  const listed = Array.isArray(options?.criteria) ? options.criteria : [];
  const withLevels = (criterion: RatingCriterion): RatingCriterion => {
    const own = listed.find((c) => c.id === criterion.id)?.levels;
    const levels = levelsOf(own ?? options?.levels, criterion.min, criterion.max, input.lang);
    return levels ? { ...criterion, levels } : criterion;
  };
  return criteriaOf(input, listed).map(withLevels);
}

function criteriaOf(input: { model: BundleModel | null; testId: number; lang: string }, listed: CriterionOption[]): RatingCriterion[] {
  const { model } = input;
  const tasks = (model?.tasks ?? []).filter((t) => t.test === input.testId && typeof t.outcome === 'string');
  if (model && tasks.length > 0) {
    const markers = new Map(model.markers.map((m) => [m.id, m]));
    const seen = new Set<string>();
    const criteria: RatingCriterion[] = [];
    for (const task of tasks) {
      const id = task.outcome as string;
      if (seen.has(id)) continue;
      seen.add(id);
      const marker = markers.get(task.markerId);
      criteria.push({ id, label: pickLang(marker?.name, input.lang) || id, min: num(task.min, 0), max: num(task.max, 5) });
    }
    return criteria;
  }
  return listed
    .filter((c) => typeof c.id === 'string' && c.id !== '')
    .map((c) => ({
      id: c.id as string,
      label: pickLang(c.label, input.lang) || (c.id as string),
      ...(c.description !== undefined ? { description: pickLang(c.description, input.lang) } : {}),
      min: num(c.min, 0),
      max: num(c.max, 5),
    }));
}
