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
 * constants of its information), the most information it can give at any theta, and its EAP grid logs once it has
 * been given. The engine never changes `items`, and nor may its callers once it is in use (the server parses a new
 * object when a test is imported again).
 */
interface PreparedBank {
  ids: string[];
  indexOf: Map<string, number>;
  a: Float64Array;
  b: Float64Array;
  c: Float64Array;
  aSquared: Float64Array;
  oneMinusC: Float64Array;
  /** Each item's highest information (at its best theta), a hair above it: nothing it gives at any theta is more. */
  maxInfo: Float64Array;
  /** The items by `maxInfo`, highest first: the next item's search stops where no item left could enter the best. */
  byMaxInfo: Int32Array;
  logs: Array<GridLogs | undefined>;
}

const prepared = new WeakMap<Record<string, ItemParams>, Partial<Record<IrtModel, PreparedBank>>>();

/**
 * The most information a logistic item gives (Lord, 1980): a² / (8 (1 − c)²) · (1 − 20c − 8c² + (1 + 8c)^1.5), which
 * is a²/4 at c = 0; a²/4 bounds it at any c, and stands in where c is so high that the formula loses its digits.
 * Raised by a relative 1e-9 so that rounding never puts a computed information a hair above it.
 */
function highestInformation(a: number, c: number): number {
  const top = c <= 0.5 ? ((a * a) / (8 * (1 - c) ** 2)) * (1 - 20 * c - 8 * c * c + (1 + 8 * c) ** 1.5) : (a * a) / 4;
  return top * (1 + 1e-9);
}

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
    maxInfo: new Float64Array(n),
    byMaxInfo: new Int32Array(n),
    logs: new Array<GridLogs | undefined>(n),
  };
  ids.forEach((id, i) => {
    const { a, b, c } = effectiveParams(items[id]!, model);
    bank.a[i] = a;
    bank.b[i] = b;
    bank.c[i] = c;
    bank.aSquared[i] = a * a;
    bank.oneMinusC[i] = 1 - c;
    bank.maxInfo[i] = highestInformation(a, c);
  });
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => bank.maxInfo[y]! - bank.maxInfo[x]! || x - y);
  bank.byMaxInfo.set(order);
  byModel[model] = bank;
  return bank;
}

/** The estimate after these answers (the start's theta before any, with the prior's SD). */
export function currentEstimate(settings: AdaptiveSettings, given: readonly GivenAnswer[]): Estimate {
  if (given.length === 0) return { theta: settings.start.theta, se: 1 };
  if (settings.estimator === 'EAP') {
    const bank = preparedBank(settings.items, settings.model);
    const answers: Array<{ logs: GridLogs; score: number }> = [];
    for (const g of given) {
      const i = bank.indexOf.get(g.item);
      if (i === undefined) break;
      answers.push({ logs: (bank.logs[i] ??= gridLogs({ a: bank.a[i]!, b: bank.b[i]!, c: bank.c[i]! })), score: g.score });
    }
    if (answers.length === given.length) return eapFromGrid(answers);
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
  const bank = preparedBank(settings.items, settings.model);
  const taken = new Uint8Array(bank.ids.length);
  for (const id of given) {
    const i = bank.indexOf.get(id);
    if (i !== undefined) taken[i] = 1;
  }
  return selectFrom(bank, theta, taken, draw, k);
}

/** The k best kept by (information, then identifier); `taken` marks the items given, by index. */
function selectFrom(bank: PreparedBank, theta: number, taken: Uint8Array, draw: number, k: number): string | null {
  // The items are read from the one that can give the most: once the k-th best found gives more than the next item
  // could at any theta, no item left can enter, and the rest of the bank is not computed. The result is the plain
  // ranking's (ties by identifier, so no order of reading changes it); information as model.ts's `information`
  // works it out, from the bank's constants.
  const { ids, a, b, c, aSquared, oneMinusC, maxInfo, byMaxInfo } = bank;
  const bestInfo = new Float64Array(k);
  const bestAt = new Int32Array(k);
  let count = 0;
  for (let n = 0; n < byMaxInfo.length; n++) {
    const j = byMaxInfo[n]!;
    if (count === k && bestInfo[k - 1]! > maxInfo[j]!) break;
    if (taken[j] === 1) continue;
    const cj = c[j]!;
    const p = cj + oneMinusC[j]! / (1 + Math.exp(-a[j]! * (theta - b[j]!)));
    const q = 1 - p;
    let info = 0;
    if (!(p <= 0 || q <= 0)) {
      const r = (p - cj) / oneMinusC[j]!;
      info = aSquared[j]! * (q / p) * r * r;
    }
    // Its place among the best: after every one that gives more, or as much with an identifier before its own.
    let at = count;
    while (at > 0 && (info > bestInfo[at - 1]! || (info === bestInfo[at - 1]! && ids[j]! < ids[bestAt[at - 1]!]!))) at--;
    if (at >= k) continue;
    for (let m = Math.min(count, k - 1); m > at; m--) {
      bestInfo[m] = bestInfo[m - 1]!;
      bestAt[m] = bestAt[m - 1]!;
    }
    bestInfo[at] = info;
    bestAt[at] = j;
    if (count < k) count++;
  }
  if (count === 0) return null;
  return ids[bestAt[Math.min(count - 1, Math.floor(draw * count))]!]!;
}

/** One step of the test for a session's seed: the estimate so far and the next item, or the end. */
export function adaptiveStep(settings: AdaptiveSettings, given: readonly GivenAnswer[], seed: string): AdaptiveStep {
  const { theta, se } = currentEstimate(settings, given);
  if (shouldStop(settings, given.length, se)) return { theta, se, done: true, next: null };
  const bank = preparedBank(settings.items, settings.model);
  const taken = new Uint8Array(bank.ids.length);
  for (const g of given) {
    const i = bank.indexOf.get(g.item);
    if (i !== undefined) taken[i] = 1;
  }
  const next = selectFrom(bank, theta, taken, drawAt(seed, given.length), RANDOMESQUE_K);
  if (next === null) return { theta, se, done: true, next: null };
  return { theta, se, done: false, next };
}
