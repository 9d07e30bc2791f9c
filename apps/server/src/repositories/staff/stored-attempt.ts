import { type QtiProgress, qtiProgressSchema } from '@prova/contract/content';
import { OUTCOMES_MAX, type Outcome, outcomeListSchema } from '@prova/contract/tests';

// An attempt's stored progress and outcomes as item analysis reads them (item-analysis-repository.ts), 100,000 at a time: checked by hand when their
// shape is plainly what the schemas allow (as the server wrote them: nearly always), else by the schemas themselves. The
// hand checks only ever accept what the schemas accept, so the answer is the schemas' either way; zod's copies of every
// row were most of the analysis's time and garbage (4 of its 5 s over 100,000 attempts).

type Plain = Record<string, unknown>;
const isPlain = (x: unknown): x is Plain => typeof x === 'object' && x !== null && Object.getPrototypeOf(x) === Object.prototype;
const isString = (x: unknown): x is string => typeof x === 'string';

const plainResponse = (value: unknown) => value === null || isString(value) || (Array.isArray(value) && value.every(isString));

function plainProgress(x: unknown): x is QtiProgress {
  if (!isPlain(x) || x.qti !== 1 || (x.position !== null && !isString(x.position))) return false;
  if (!Array.isArray(x.flagged) || !x.flagged.every(isString) || (x.seed !== undefined && !isString(x.seed))) return false;
  if (!isPlain(x.responses)) return false;
  for (const item in x.responses) {
    const responses = x.responses[item];
    if (!isPlain(responses)) return false;
    for (const id in responses) if (!plainResponse(responses[id])) return false;
  }
  return true;
}

const plainValue = (v: unknown) => v === null || typeof v === 'number' || typeof v === 'boolean' || (isString(v) && v.length <= 10_000);
const plainQuestionId = (q: unknown) => typeof q === 'number' || (isString(q) && q.length >= 1 && q.length <= 200);

function plainOutcomes(x: unknown): x is Outcome[] {
  if (!Array.isArray(x) || x.length > OUTCOMES_MAX) return false;
  for (const o of x) {
    // Linked and 360 outcomes (answerId, evaluatedId) are left to the schema.
    if (!isPlain(o) || o.answerId !== undefined || o.evaluatedId !== undefined) return false;
    if (!plainQuestionId(o.questionId) || !plainValue(o.value)) return false;
  }
  return true;
}

function parsed(stored: string | null): { ok: true; value: unknown } | { ok: false } {
  if (stored === null || stored === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(stored) };
  } catch {
    return { ok: false };
  }
}

/** A QTI attempt's saved progress, or null when it is not one (what `qtiProgressSchema` says of `scriptInput(data)`). */
export function storedQtiProgress(data: string | null): QtiProgress | null {
  const json = parsed(data);
  // Not JSON: scriptInput would give the text itself, which is no progress.
  if (!json.ok) return null;
  if (plainProgress(json.value)) return json.value;
  const checked = qtiProgressSchema.safeParse(json.value);
  return checked.success ? checked.data : null;
}

/** A stored outcome list, or null when it is not one (what `outcomeListSchema` says of it). */
export function storedOutcomes(outcomes: string | null): Outcome[] | null {
  const json = parsed(outcomes);
  if (!json.ok) return null;
  if (plainOutcomes(json.value)) return json.value;
  const checked = outcomeListSchema.safeParse(json.value);
  return checked.success ? checked.data : null;
}
