// Item response models: the chance of a right answer at ability theta, and how much an answer tells about theta
// (Fisher information). Logistic, without the 1.7 scaling constant: parameters are taken on the logistic metric.

export type IrtModel = '1PL' | '2PL' | '3PL';

/** An item's parameters: `a` discrimination, `b` difficulty, `c` guessing (lower asymptote). */
export interface ItemParams {
  a: number;
  b: number;
  c: number;
}

/** The parameters the model uses: 1PL has a = 1 and c = 0, 2PL c = 0. */
export function effectiveParams(item: ItemParams, model: IrtModel): ItemParams {
  if (model === '1PL') return { a: 1, b: item.b, c: 0 };
  if (model === '2PL') return { a: item.a, b: item.b, c: 0 };
  return item;
}

/** P(right | theta) under the model. */
export function probability(theta: number, item: ItemParams, model: IrtModel): number {
  const { a, b, c } = effectiveParams(item, model);
  return c + (1 - c) / (1 + Math.exp(-a * (theta - b)));
}

/** Fisher information of the item at theta: a² (Q/P) ((P - c) / (1 - c))², which is a² P Q when c = 0. */
export function information(theta: number, item: ItemParams, model: IrtModel): number {
  // No objects made: the next item reads this for every item of the bank on every answer.
  const a = model === '1PL' ? 1 : item.a;
  const c = model === '3PL' ? item.c : 0;
  const p = c + (1 - c) / (1 + Math.exp(-a * (theta - item.b)));
  const q = 1 - p;
  if (p <= 0 || q <= 0) return 0;
  const r = (p - c) / (1 - c);
  return a * a * (q / p) * r * r;
}
