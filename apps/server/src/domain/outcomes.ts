import type { Outcome } from '@prova/contract/tests';

const outcomeKey = (o: Outcome) => `${String(o.questionId)}|${o.answerId === undefined ? '' : String(o.answerId)}|${o.evaluatedId ?? ''}`;

/** Later values win, question by question (and answer by answer for linked questions). */
export function mergeOutcomes(previous: Outcome[], next: Outcome[]): Outcome[] {
  const merged = new Map(previous.map((o) => [outcomeKey(o), o]));
  for (const o of next) merged.set(outcomeKey(o), o);
  return [...merged.values()];
}
