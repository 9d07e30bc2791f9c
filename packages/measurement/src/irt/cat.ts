import { eapFromGrid, estimate, type Estimate, type Estimator, type GridLogs, gridLogs, type ScoredAnswer } from './estimate';
import { effectiveParams, type IrtModel, type ItemParams } from './model';
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

/**
 * A bank read for the engine once, by its items object and model: each item's effective parameters in arrays (the
 * constants of its information), and its EAP grid logs once it has been given. The engine never changes `items`, and
 * nor may its callers once it is in use (the server parses a new object when a test is imported again).
 */
interface PreparedBank {
  ids: string[];
  indexOf: Map<string, number>;
  a: Float64Array;
  b: Float64Array;
  c: Float64Array;
  aSquared: Float64Array;
  oneMinusC: Float64Array;
  logs: Array<GridLogs | undefined>;
}

const prepared = new WeakMap<Record<string, ItemParams>, Partial<Record<IrtModel, PreparedBank>>>();

function preparedBank(items: Record<string, ItemParams>, model: IrtModel): PreparedBank {
  let byModel = prepared.get(items);
  if (!byModel) prepared.set(items, (byModel = {}));
  const kept = byModel[model];
  if (kept) return kept;
  // for...in, as the engine always read the bank: the same order of the same keys.
  const ids: string[] = [];
  for (const id in items) ids.push(id);
  const n = ids.length;
  const bank: PreparedBank = {
    ids,
    indexOf: new Map(ids.map((id, i) => [id, i])),
    a: new Float64Array(n),
    b: new Float64Array(n),
    c: new Float64Array(n),
    aSquared: new Float64Array(n),
    oneMinusC: new Float64Array(n),
    logs: new Array<GridLogs | undefined>(n),
  };
  ids.forEach((id, i) => {
    const { a, b, c } = effectiveParams(items[id]!, model);
    bank.a[i] = a;
    bank.b[i] = b;
    bank.c[i] = c;
    bank.aSquared[i] = a * a;
    bank.oneMinusC[i] = 1 - c;
  });
  byModel[model] = bank;
  return bank;
}

/** The estimate after these answers (the start's theta before any, with the prior's SD). */
export function currentEstimate(settings: AdaptiveSettings, given: readonly GivenAnswer[]): Estimate {
  if (given.length === 0) return { theta: settings.start.theta, se: 1 };
  if (settings.estimator === 'EAP') {
    const bank = preparedBank(settings.items, settings.model);
    const indices = given.map((g) => bank.indexOf.get(g.item));
    if (indices.every((i) => i !== undefined))
      return eapFromGrid(
        given.map((g, k) => {
          const i = indices[k]!;
          const logs = (bank.logs[i] ??= gridLogs({ a: bank.a[i]!, b: bank.b[i]!, c: bank.c[i]! }));
          return { logs, score: g.score };
        }),
      );
  }
  const answers: ScoredAnswer[] = given.map((g) => ({ item: settings.items[g.item]!, score: g.score }));
  return estimate(answers, settings.model, settings.estimator);
}

/** Whether the test ends here. */
export function shouldStop(settings: AdaptiveSettings, given: number, se: number): boolean {
  const bank = preparedBank(settings.items, settings.model).ids.length;
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
  // so the order never depends on the object's key order. Information as model.ts's `information` works it out, from
  // the bank's constants, and an entry made only for an item that enters the k best.
  const { ids, a, b, c, aSquared, oneMinusC } = preparedBank(settings.items, settings.model);
  const better = (x: { id: string; info: number }, y: { id: string; info: number }) =>
    x.info > y.info || (x.info === y.info && x.id < y.id);
  const ranked: Array<{ id: string; info: number }> = [];
  for (let j = 0; j < ids.length; j++) {
    const id = ids[j]!;
    if (given.has(id)) continue;
    const cj = c[j]!;
    const p = cj + oneMinusC[j]! / (1 + Math.exp(-a[j]! * (theta - b[j]!)));
    const q = 1 - p;
    let info = 0;
    if (!(p <= 0 || q <= 0)) {
      const r = (p - cj) / oneMinusC[j]!;
      info = aSquared[j]! * (q / p) * r * r;
    }
    if (ranked.length === k) {
      const last = ranked[k - 1]!;
      if (!(info > last.info || (info === last.info && id < last.id))) continue;
    }
    const entry = { id, info };
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
