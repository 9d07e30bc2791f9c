import { mean } from 'simple-statistics';
import { adaptiveStep, type AdaptiveSettings, type GivenAnswer } from './cat';
import { probability } from './model';
import { seededRandom } from './prng';

// Simulated candidates through an adaptive test: how close the estimates come to the abilities they were drawn
// from, how long the test runs and how evenly the bank is used. Abilities from N(0, 1) unless given.

export interface SimulatedCandidate {
  trueTheta: number;
  theta: number;
  se: number;
  items: string[];
}

export interface SimulationSummary {
  candidates: number;
  bias: number;
  rmse: number;
  averageLength: number;
  /** The largest share of candidates any one item was given to. */
  maxExposure: number;
  /** The share of the bank given to nobody. */
  unusedShare: number;
}

/** A standard normal draw (Box-Muller) from a uniform generator. */
export function normalDraw(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** One candidate of ability `trueTheta` taking the test, answering by the model. */
export function simulateCandidate(settings: AdaptiveSettings, trueTheta: number, seed: string): SimulatedCandidate {
  const answers = seededRandom(`${seed}:answers`);
  const given: GivenAnswer[] = [];
  for (;;) {
    const step = adaptiveStep(settings, given, seed);
    if (step.done) return { trueTheta, theta: step.theta, se: step.se, items: given.map((g) => g.item) };
    const p = probability(trueTheta, settings.items[step.next]!, settings.model);
    given.push({ item: step.next, score: answers() < p ? 1 : 0 });
  }
}

export function simulate(
  settings: AdaptiveSettings,
  count: number,
  seed = 'simulation',
  abilities?: readonly number[],
): SimulatedCandidate[] {
  const draws = seededRandom(`${seed}:abilities`);
  return Array.from({ length: count }, (_, i) => simulateCandidate(settings, abilities?.[i] ?? normalDraw(draws), `${seed}:${i}`));
}

export function summarize(settings: AdaptiveSettings, runs: readonly SimulatedCandidate[]): SimulationSummary {
  const errors = runs.map((r) => r.theta - r.trueTheta);
  const uses = new Map<string, number>(Object.keys(settings.items).map((id) => [id, 0]));
  for (const r of runs) for (const id of r.items) uses.set(id, (uses.get(id) ?? 0) + 1);
  const counts = [...uses.values()];
  return {
    candidates: runs.length,
    bias: mean(errors),
    rmse: Math.sqrt(mean(errors.map((e) => e * e))),
    averageLength: mean(runs.map((r) => r.items.length)),
    maxExposure: Math.max(...counts) / runs.length,
    unusedShare: counts.filter((c) => c === 0).length / counts.length,
  };
}
