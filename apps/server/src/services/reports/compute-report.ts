import type { BundleModel, LocalizedText } from '@prova/contract/bundle';
import type { Gender } from '@prova/contract/gendered-text';
import { type PersonalReport, ratingBand, REPORT_SCALE_MAX } from '@prova/contract/reports';
import type { Outcome } from '@prova/contract/tests';
import { localize, pickLang } from '../../presenters/localize';
import { resultSourceOf, type ScoredTest } from '../../domain/test-scoring';

/** What the model's tasks read: the campaign's tests as the person left them, and every recorded outcome. */
export interface ReportInputs {
  model: BundleModel;
  lang: string;
  /** The person's gender: the model's feedback speaks about them ('Tende a lavorare da solo'). */
  gender?: Gender;
  tests: ReadonlyArray<ScoredTest & { id: number; abbreviation: string; name: LocalizedText; status: string | null }>;
  /** Tests in which assessors rate the person: their values are the assessors' mean. */
  assessedTests: ReadonlySet<number>;
  outcomes: ReadonlyArray<{ testId: number; source: string; outcomes: Outcome[] }>;
}

/** A number, or a numeric string (activities may send either); anything else has no value. */
function numeric(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

const mean = (values: number[]) => (values.length ? values.reduce((sum, v) => sum + v, 0) / values.length : undefined);

/** The value of question `outcome` in one list (the last one given wins), or undefined. */
function valueIn(outcomes: Outcome[], outcome: string | number): number | undefined {
  let found: number | undefined;
  for (const o of outcomes) {
    if (o.answerId === undefined && String(o.questionId) === String(outcome)) found = numeric(o.value) ?? found;
  }
  return found;
}

/** `5 * (v - min) / (max - min)`, clamped to the scale. */
export function normalise(value: number, min: number, max: number): number {
  const scaled = (REPORT_SCALE_MAX * (value - min)) / (max - min);
  return Math.min(REPORT_SCALE_MAX, Math.max(0, scaled));
}

/**
 * The raw value a task reads: the assessors' mean for an assessed test; otherwise the person's own
 * outcome of a complete test, from whoever scores it (domain/test-scoring.ts): the server's scoring for a
 * script or a QTI package (what the browser posted does not count then), a SCORM course's own report, or
 * the activity's.
 */
export function rawValue(
  inputs: Pick<ReportInputs, 'assessedTests' | 'outcomes'> & { tests: ReadonlyArray<ScoredTest & { id: number; status: string | null }> },
  testId: number,
  outcome: string | number,
): number | undefined {
  if (inputs.assessedTests.has(testId)) {
    const ratings = inputs.outcomes
      .filter((o) => o.testId === testId && o.source === 'assessor')
      .map((o) => valueIn(o.outcomes, outcome))
      .filter((v): v is number => v !== undefined);
    return mean(ratings);
  }
  const test = inputs.tests.find((t) => t.id === testId);
  if (!test || test.status !== 'complete') return undefined;
  const source = resultSourceOf(test);
  let found: number | undefined;
  for (const o of inputs.outcomes) if (o.testId === testId && o.source === source) found = valueIn(o.outcomes, outcome) ?? found;
  return found;
}

const bandText = (feedback: Partial<Record<string, unknown>> | undefined, value: number, text: (value: unknown) => string) =>
  feedback ? text(feedback[String(ratingBand(value))] ?? '') : '';

/** The personal report: tasks to markers to skills to areas, each the mean of what below it has a value. */
export function computeReport(inputs: ReportInputs): PersonalReport {
  const { model, lang, gender } = inputs;
  const text = (value: unknown) => pickLang(value, lang, gender);
  const testsById = new Map(inputs.tests.map((t) => [t.id, t]));

  const tasks = model.tasks.flatMap((task) => {
    const raw = rawValue(inputs, task.test, task.outcome);
    return raw === undefined ? [] : [{ task, value: normalise(raw, task.min, task.max) }];
  });
  const markers = model.markers.flatMap((marker) => {
    const value = mean(tasks.filter((t) => t.task.markerId === marker.id).map((t) => t.value));
    return value === undefined ? [] : [{ marker, value }];
  });
  const skills = model.skills.flatMap((skill) => {
    const value = mean(markers.filter((m) => m.marker.skillId === skill.id).map((m) => m.value));
    return value === undefined ? [] : [{ skill, value }];
  });
  const areas = model.areas.flatMap((area) => {
    const value = mean(skills.filter((s) => s.skill.areaId === area.id).map((s) => s.value));
    return value === undefined ? [] : [{ area, value }];
  });

  return {
    areas: areas.map(({ area, value }) => ({
      id: area.id,
      name: text(area.name),
      value,
      feedback: bandText(area.feedback, value, text),
      inProfile: area.inProfile,
    })),
    skills: skills.map(({ skill, value }) => ({ id: skill.id, areaId: skill.areaId, name: text(skill.name), value })),
    markers: markers.map(({ marker, value }) => ({
      id: marker.id,
      skillId: marker.skillId,
      name: text(marker.name),
      value,
      feedback: bandText(marker.feedback, value, text),
      devSuggestion: marker.devSuggestion === undefined ? '' : text(marker.devSuggestion),
    })),
    tasks: tasks.map(({ task }) => {
      const test = testsById.get(task.test);
      return {
        id: task.id,
        markerId: task.markerId,
        name: task.name === undefined ? localize(test?.name, lang) : text(task.name),
        abbreviation: test?.abbreviation ?? '',
      };
    }),
    tests: tasks.map(({ task }) => ({ id: task.test, taskId: task.id, name: localize(testsById.get(task.test)?.name, lang) })),
  };
}
