import { estimate, type Estimate, type Estimator, type ScoredAnswer } from './estimate';
import { information, type IrtModel, type ItemParams } from './model';
import { drawAt } from './prng';

// A computer-adaptive test, step by step: from the answers so far, the estimate, whether to stop, and the next item
// (the most informative at the estimate among those not given, picked at random among the top few so that the
// best items are not given to everybody: randomesque exposure control).

export interface AdaptiveSettings {
  model: IrtModel;
  estimator: Estimator;
  start: { theta: number };
  stop: { minItems: number; maxItems: number; se: number };
  items: Record<string, ItemParams>;
}

/** How many of the most informative items the next one is drawn from. */
export const RANDOMESQUE_K = 5;

export interface GivenAnswer {
  item: string;
  score: number;
}

export type AdaptiveStep = Estimate & ({ done: false; next: string } | { done: true; next: null });

/** The estimate after these answers (the start's theta before any, with the prior's SD). */
export function currentEstimate(settings: AdaptiveSettings, given: readonly GivenAnswer[]): Estimate {
  if (given.length === 0) return { theta: settings.start.theta, se: 1 };
  const answers: ScoredAnswer[] = given.map((g) => ({ item: settings.items[g.item]!, score: g.score }));
  return estimate(answers, settings.model, settings.estimator);
}

/** Whether the test ends here. */
export function shouldStop(settings: AdaptiveSettings, given: number, se: number): boolean {
  const bank = Object.keys(settings.items).length;
  if (given >= bank || given >= settings.stop.maxItems) return true;
  return given >= settings.stop.minItems && se <= settings.stop.se;
}

/** The next item at theta among those not given; `draw` in [0, 1) picks among the k most informative. */
export function selectItem(
  settings: Pick<AdaptiveSettings, 'model' | 'items'>,
  theta: number,
  given: ReadonlySet<string>,
  draw: number,
  k = RANDOMESQUE_K,
): string | null {
  // The k best kept in order as the bank is read (no sort of the whole bank on every answer); ties by identifier,
  // so the order never depends on the object's key order.
  const better = (x: { id: string; info: number }, y: { id: string; info: number }) =>
    x.info > y.info || (x.info === y.info && x.id < y.id);
  const ranked: Array<{ id: string; info: number }> = [];
  for (const id in settings.items) {
    if (given.has(id)) continue;
    const entry = { id, info: information(theta, settings.items[id]!, settings.model) };
    if (ranked.length === k && !better(entry, ranked[k - 1]!)) continue;
    let at = ranked.length;
    while (at > 0 && better(entry, ranked[at - 1]!)) at--;
    ranked.splice(at, 0, entry);
    if (ranked.length > k) ranked.pop();
  }
  if (ranked.length === 0) return null;
  return ranked[Math.min(ranked.length - 1, Math.floor(draw * ranked.length))]!.id;
}

/** One step of the test for a session's seed: the estimate so far and the next item, or the end. */
export function adaptiveStep(settings: AdaptiveSettings, given: readonly GivenAnswer[], seed: string): AdaptiveStep {
  const { theta, se } = currentEstimate(settings, given);
  if (shouldStop(settings, given.length, se)) return { theta, se, done: true, next: null };
  const next = selectItem(settings, theta, new Set(given.map((g) => g.item)), drawAt(seed, given.length));
  if (next === null) return { theta, se, done: true, next: null };
  return { theta, se, done: false, next };
}
