import { effectiveParams, information, type IrtModel, type ItemParams, probability } from './model';

// Ability estimates from scored answers. EAP: the mean and SD of the posterior over a fixed grid with a standard
// normal prior (always defined). MLE: the maximum of the likelihood by Fisher scoring, kept within the grid's
// bounds; it has no finite value while every answer is right (or every one wrong), so EAP stands in then.

export type Estimator = 'EAP' | 'MLE';

/** One answer: the item's parameters and whether it was right (a score in 0..1; partial credit counts as its share). */
export interface ScoredAnswer {
  item: ItemParams;
  score: number;
}

export interface Estimate {
  theta: number;
  se: number;
}

export const THETA_MIN = -4;
export const THETA_MAX = 4;
const QUADRATURE_POINTS = 61;

const GRID = Array.from({ length: QUADRATURE_POINTS }, (_, i) => THETA_MIN + ((THETA_MAX - THETA_MIN) * i) / (QUADRATURE_POINTS - 1));
const PRIOR_LOG = GRID.map((x) => -0.5 * x * x);
const PRIOR_LOG_ARRAY = Float64Array.from(PRIOR_LOG);

const clampScore = (s: number) => Math.min(1, Math.max(0, s));

/** log L(theta) of the answers. */
export function logLikelihood(theta: number, answers: readonly ScoredAnswer[], model: IrtModel): number {
  let sum = 0;
  for (const { item, score } of answers) {
    const p = Math.min(1 - 1e-12, Math.max(1e-12, probability(theta, item, model)));
    const u = clampScore(score);
    sum += u * Math.log(p) + (1 - u) * Math.log(1 - p);
  }
  return sum;
}

/** Expected a posteriori: 61 points from -4 to 4, standard normal prior. */
export function eap(answers: readonly ScoredAnswer[], model: IrtModel): Estimate {
  // Answers outer, grid inner: each answer's parameters read once (the server runs this on every answer).
  const logPost = PRIOR_LOG.slice();
  for (const { item, score } of answers) {
    const { a, b, c } = effectiveParams(item, model);
    const u = clampScore(score);
    for (let i = 0; i < GRID.length; i++) {
      const p = gridProbability(a, b, c, i);
      logPost[i]! += u * Math.log(p) + (1 - u) * Math.log(1 - p);
    }
  }
  return posterior(logPost);
}

const gridProbability = (a: number, b: number, c: number, i: number) =>
  Math.min(1 - 1e-12, Math.max(1e-12, c + (1 - c) / (1 + Math.exp(-a * (GRID[i]! - b)))));

/** An item's log P and log Q at each point of EAP's grid, worked out once (the same numbers `eap` works out each time). */
export interface GridLogs {
  logP: Float64Array;
  logQ: Float64Array;
}

export function gridLogs({ a, b, c }: ItemParams): GridLogs {
  const logP = new Float64Array(GRID.length);
  const logQ = new Float64Array(GRID.length);
  for (let i = 0; i < GRID.length; i++) {
    const p = gridProbability(a, b, c, i);
    logP[i] = Math.log(p);
    logQ[i] = Math.log(1 - p);
  }
  return { logP, logQ };
}

/** `eap` from each answer's grid logs (of its effective parameters): the same estimate, without a logarithm. */
export function eapFromGrid(answers: ReadonlyArray<{ logs: GridLogs; score: number }>): Estimate {
  const logPost = PRIOR_LOG_ARRAY.slice();
  for (const { logs, score } of answers) {
    const u = clampScore(score);
    const { logP, logQ } = logs;
    for (let i = 0; i < QUADRATURE_POINTS; i++) logPost[i]! += u * logP[i]! + (1 - u) * logQ[i]!;
  }
  return posterior(logPost);
}

/** The posterior's mean and SD over the grid from its log density (up to a constant). */
function posterior(logPost: ArrayLike<number>): Estimate {
  // Plain loops, each sum in grid order: the numbers `eap` always gave, without the arrays it made on every answer.
  let top = -Infinity;
  for (let i = 0; i < QUADRATURE_POINTS; i++) if (logPost[i]! > top) top = logPost[i]!;
  const w = new Float64Array(QUADRATURE_POINTS);
  let total = 0;
  for (let i = 0; i < QUADRATURE_POINTS; i++) total += w[i] = Math.exp(logPost[i]! - top);
  let mean = 0;
  for (let i = 0; i < QUADRATURE_POINTS; i++) mean += GRID[i]! * w[i]!;
  const theta = mean / total;
  let spread = 0;
  for (let i = 0; i < QUADRATURE_POINTS; i++) spread += (GRID[i]! - theta) ** 2 * w[i]!;
  return { theta, se: Math.sqrt(spread / total) };
}

/** dlogL/dtheta: Σ a (u - P) (P - c) / (P (1 - c)). */
export function scoreFunction(theta: number, answers: readonly ScoredAnswer[], model: IrtModel): number {
  let sum = 0;
  for (const { item, score } of answers) {
    const { a, c } = effectiveParams(item, model);
    const p = probability(theta, item, model);
    sum += (a * (clampScore(score) - p) * (p - c)) / (p * (1 - c));
  }
  return sum;
}

export const testInformation = (theta: number, answers: readonly ScoredAnswer[], model: IrtModel) =>
  answers.reduce((s, { item }) => s + information(theta, item, model), 0);

/** Maximum likelihood; EAP while the answers are all right or all wrong (or none). */
export function mle(answers: readonly ScoredAnswer[], model: IrtModel): Estimate {
  const scores = answers.map((a) => clampScore(a.score));
  if (scores.every((s) => s === 1) || scores.every((s) => s === 0)) return eap(answers, model);
  // Start from EAP: close to the maximum, so scoring converges in a few steps.
  let theta = eap(answers, model).theta;
  for (let step = 0; step < 50; step++) {
    const info = testInformation(theta, answers, model);
    if (info <= 0) break;
    const next = Math.min(THETA_MAX, Math.max(THETA_MIN, theta + scoreFunction(theta, answers, model) / info));
    const moved = Math.abs(next - theta);
    theta = next;
    if (moved < 1e-6) break;
  }
  const info = testInformation(theta, answers, model);
  return { theta, se: info > 0 ? 1 / Math.sqrt(info) : Infinity };
}

export function estimate(answers: readonly ScoredAnswer[], model: IrtModel, estimator: Estimator): Estimate {
  return estimator === 'MLE' ? mle(answers, model) : eap(answers, model);
}
