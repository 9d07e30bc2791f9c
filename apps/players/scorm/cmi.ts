// What the platform reads in a SCO's data model (the JSON scorm-again renders): when the test is
// complete and which outcomes come out. The content's own report: nothing here is rescored.
import type { Outcome } from '@prova/activity-sdk';
import type { ScormDelivery } from '@prova/contract/content';

type Version = ScormDelivery['version'];
type Json = Record<string, unknown>;

const objectAt = (value: unknown, key: string): Json => {
  const child = value && typeof value === 'object' ? (value as Json)[key] : undefined;
  return child && typeof child === 'object' ? (child as Json) : {};
};
const textAt = (value: unknown, key: string): string => {
  const child = value && typeof value === 'object' ? (value as Json)[key] : undefined;
  return typeof child === 'string' ? child : '';
};

/** 1.2: lesson_status completed, passed or failed; 2004: completion_status completed. */
export function isFinished(version: Version, cmi: Json): boolean {
  if (version === '1.2') return ['completed', 'passed', 'failed'].includes(textAt(objectAt(cmi, 'core'), 'lesson_status'));
  return textAt(cmi, 'completion_status') === 'completed';
}

/** A number where the SCO wrote one; a string result ('correct', 'wrong', ...) stays a string. */
function valueOf(text: string): string | number {
  const number = Number(text);
  return text.trim() !== '' && Number.isFinite(number) ? number : text;
}

/**
 * `score.raw`, `score.min`, `score.max` (and `score.scaled`, 2004) where the SCO gave them, then one
 * outcome per interaction named by its id with its result (the last record of an id wins: a SCO that
 * lets the person try again writes the same id again).
 */
export function outcomesOf(version: Version, cmi: Json): Outcome[] {
  const score = version === '1.2' ? objectAt(objectAt(cmi, 'core'), 'score') : objectAt(cmi, 'score');
  const parts = version === '1.2' ? ['raw', 'min', 'max'] : ['raw', 'min', 'max', 'scaled'];
  const outcomes: Outcome[] = [];
  // SCORM 1.2's max reads 100 until the SCO says otherwise: only a score that has a raw value counts.
  if (textAt(score, 'raw') !== '' || (version === '2004' && textAt(score, 'scaled') !== '')) {
    for (const part of parts) {
      const text = textAt(score, part);
      const value = valueOf(text);
      if (typeof value === 'number') outcomes.push({ questionId: `score.${part}`, value });
    }
  }
  const results = new Map<string, string | number>();
  const interactions = objectAt(cmi, 'interactions');
  const indexes = Object.keys(interactions)
    .filter((key) => /^\d+$/.test(key))
    .sort((a, b) => Number(a) - Number(b));
  for (const index of indexes) {
    const interaction = objectAt(interactions, index);
    const id = textAt(interaction, 'id');
    const result = textAt(interaction, 'result');
    if (id === '' || result === '') continue;
    results.delete(id);
    results.set(id, valueOf(result));
  }
  for (const [id, value] of results) outcomes.push({ questionId: id, value });
  return outcomes;
}
