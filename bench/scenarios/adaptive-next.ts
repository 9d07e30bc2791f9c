import { adaptiveStep, type AdaptiveSettings, type GivenAnswer } from '@prova/measurement/irt/cat';
import { probability } from '@prova/measurement/irt/model';
import { normalDraw } from '@prova/measurement/irt/simulate';
import { seededRandom } from '@prova/measurement/irt/prng';
import { percentile } from '../load/stats';

// An adaptive test's next item, the server's own work for each answer (services/adaptive/adaptive-delivery.ts: the
// estimate after the answers so far and the most informative items at it), over a 500-item 3PL bank, with 200
// candidates answering at once: each round every candidate answers, and the event loop computes their next items one
// after another, so the last of a round waits for the 199 before it. In process, one core, without HTTP or database,
// after a warm-up test.

export interface AdaptiveNextTiming {
  candidates: number;
  bank: number;
  steps: number;
  /** One next-item computation. */
  p50: number;
  p99: number;
  /** A candidate's wait in a round where all answer at once (their place in the queue included). */
  burstP99: number;
  /**
   * The same wait counted in the process's CPU time: what the machine's other work adds (the process not running,
   * on a shared host) left out. On a quiet machine the two are the same.
   */
  burstCpuP99: number;
}

export function adaptiveNext(candidates = 200, bankSize = 500, rounds = 20): AdaptiveNextTiming {
  const random = seededRandom('bench-bank');
  const items = Object.fromEntries(
    Array.from({ length: bankSize }, (_, i) => [`item-${i}`, { a: 0.6 + 1.6 * random(), b: -3 + 6 * random(), c: 0.25 * random() }]),
  );
  const settings: AdaptiveSettings = {
    model: '3PL',
    estimator: 'EAP',
    start: { theta: 0 },
    stop: { minItems: rounds, maxItems: rounds, se: 0.01 },
    items,
  };
  const abilities = Array.from({ length: candidates }, () => normalDraw(random));
  const answers = seededRandom('bench-answers');
  // Warm-up, not measured: a whole test of other candidates, as a server that has served answers before (its code
  // compiled by the JIT, the bank's constants kept).
  const warm: GivenAnswer[][] = abilities.map(() => []);
  for (let round = 0; round < rounds; round++)
    for (let c = 0; c < candidates; c++) {
      const step = adaptiveStep(settings, warm[c]!, `warm-${c}`);
      if (step.next) warm[c]!.push({ item: step.next, score: answers() < probability(-abilities[c]!, items[step.next]!, '3PL') ? 1 : 0 });
    }
  const given: GivenAnswer[][] = abilities.map(() => []);
  const single: number[] = [];
  const waits: number[] = [];
  const cpuWaits: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const roundStart = performance.now();
    const roundCpu = process.cpuUsage();
    for (let c = 0; c < candidates; c++) {
      const start = performance.now();
      const step = adaptiveStep(settings, given[c]!, `bench-${c}`);
      const end = performance.now();
      single.push(end - start);
      waits.push(end - roundStart);
      const cpu = process.cpuUsage(roundCpu);
      cpuWaits.push((cpu.user + cpu.system) / 1000);
      if (step.next) given[c]!.push({ item: step.next, score: answers() < probability(abilities[c]!, items[step.next]!, '3PL') ? 1 : 0 });
    }
  }
  single.sort((a, b) => a - b);
  waits.sort((a, b) => a - b);
  cpuWaits.sort((a, b) => a - b);
  return {
    candidates,
    bank: bankSize,
    steps: single.length,
    p50: percentile(single, 0.5),
    p99: percentile(single, 0.99),
    burstP99: percentile(waits, 0.99),
    burstCpuP99: percentile(cpuWaits, 0.99),
  };
}

export const describeAdaptiveNext = (r: AdaptiveNextTiming) =>
  `Adaptive next item, ${r.bank}-item bank, ${r.candidates} candidates answering at once (${r.steps} steps): ` +
  `one computation p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms; a candidate's wait in the round p99 ${r.burstP99.toFixed(1)} ms (in the process's CPU time ${r.burstCpuP99.toFixed(1)} ms)`;

// `tsx bench/scenarios/adaptive-next.ts`: this figure alone.
if (import.meta.url === `file://${process.argv[1]}`) console.log(describeAdaptiveNext(adaptiveNext()));
