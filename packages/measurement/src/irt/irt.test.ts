import { sampleCorrelation } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { adaptiveStep, type AdaptiveSettings, selectItem, shouldStop } from './cat';
import { eap, logLikelihood, mle, type ScoredAnswer, scoreFunction } from './estimate';
import { information, type ItemParams, probability } from './model';
import { seededRandom } from './prng';
import { simulate, summarize } from './simulate';

const item = (a: number, b: number, c = 0): ItemParams => ({ a, b, c });

/** A bank spread over -2.5..2.5, discriminations 0.8..2. */
function bank(size: number): Record<string, ItemParams> {
  return Object.fromEntries(
    Array.from({ length: size }, (_, i) => [`I${String(i).padStart(3, '0')}`, item(0.8 + (i % 7) * 0.2, -2.5 + (5 * i) / (size - 1), 0)]),
  );
}

describe('item response models', () => {
  it('gives the 3PL probability and information worked out by hand', () => {
    // a = 1.5, b = 0, c = 0.2 at theta = 0: P = 0.2 + 0.8 * 0.5 = 0.6; P' = a (1 - c) σ (1 - σ) = 0.3;
    // I = P'² / (P Q) = 0.09 / 0.24 = 0.375.
    const it3 = item(1.5, 0, 0.2);
    expect(probability(0, it3, '3PL')).toBeCloseTo(0.6, 12);
    expect(information(0, it3, '3PL')).toBeCloseTo(0.375, 12);
    // The guessing parameter is the 3PL's only: 2PL reads it as 0 (I = a² P Q = 2.25 / 4).
    expect(information(0, it3, '2PL')).toBeCloseTo(0.5625, 12);
    // 1PL: a = 1.
    expect(information(0, it3, '1PL')).toBeCloseTo(0.25, 12);
  });

  it('matches the information to a numerical derivative of the probability', () => {
    const it3 = item(1.2, 0.7, 0.25);
    for (const theta of [-2, -0.3, 0.7, 2.4]) {
      const h = 1e-5;
      const dp = (probability(theta + h, it3, '3PL') - probability(theta - h, it3, '3PL')) / (2 * h);
      const p = probability(theta, it3, '3PL');
      expect(information(theta, it3, '3PL')).toBeCloseTo((dp * dp) / (p * (1 - p)), 6);
    }
  });
});

describe('estimates', () => {
  const answers: ScoredAnswer[] = [
    { item: item(1.2, -1), score: 1 },
    { item: item(0.9, 0), score: 1 },
    { item: item(1.5, 0.5), score: 0 },
    { item: item(1.1, 1.2), score: 1 },
    { item: item(1.8, 1.5), score: 0 },
  ];

  it('EAP equals the posterior mean and SD integrated on a finer, wider grid', () => {
    // Brute force: 4001 points from -6 to 6, trapezoids.
    let w0 = 0;
    let w1 = 0;
    let w2 = 0;
    for (let i = 0; i <= 4000; i++) {
      const x = -6 + (12 * i) / 4000;
      const w = Math.exp(-0.5 * x * x + logLikelihood(x, answers, '2PL')) * (i === 0 || i === 4000 ? 0.5 : 1);
      w0 += w;
      w1 += w * x;
      w2 += w * x * x;
    }
    const mean = w1 / w0;
    const sd = Math.sqrt(w2 / w0 - mean * mean);
    const got = eap(answers, '2PL');
    expect(got.theta).toBeCloseTo(mean, 3);
    expect(got.se).toBeCloseTo(sd, 3);
  });

  it('MLE is where the log-likelihood is flat, with SE from the information there', () => {
    const got = mle(answers, '3PL');
    const h = 1e-5;
    const slope = (logLikelihood(got.theta + h, answers, '3PL') - logLikelihood(got.theta - h, answers, '3PL')) / (2 * h);
    expect(Math.abs(slope)).toBeLessThan(1e-4);
    expect(Math.abs(scoreFunction(got.theta, answers, '3PL'))).toBeLessThan(1e-4);
    const info = answers.reduce((s, a) => s + information(got.theta, a.item, '3PL'), 0);
    expect(got.se).toBeCloseTo(1 / Math.sqrt(info), 8);
  });

  it('MLE falls back to EAP while every answer is right, or every one wrong', () => {
    const right = answers.map((a) => ({ ...a, score: 1 }));
    expect(mle(right, '2PL')).toEqual(eap(right, '2PL'));
    const wrong = answers.map((a) => ({ ...a, score: 0 }));
    expect(mle(wrong, '2PL')).toEqual(eap(wrong, '2PL'));
    expect(eap(right, '2PL').theta).toBeGreaterThan(1);
  });
});

describe('adaptive steps', () => {
  const settings: AdaptiveSettings = {
    model: '2PL',
    estimator: 'EAP',
    start: { theta: 0 },
    stop: { minItems: 5, maxItems: 15, se: 0.4 },
    items: bank(60),
  };

  it('gives the most informative item when the draw is 0, and only among the top five otherwise', () => {
    const infos = Object.entries(settings.items)
      .map(([id, p]) => ({ id, info: information(0.9, p, '2PL') }))
      .sort((x, y) => y.info - x.info);
    expect(selectItem(settings, 0.9, new Set(), 0)).toBe(infos[0]!.id);
    const top5 = new Set(infos.slice(0, 5).map((i) => i.id));
    for (let d = 0; d < 1; d += 0.05) expect(top5.has(selectItem(settings, 0.9, new Set(), d)!)).toBe(true);
    expect(selectItem(settings, 0.9, new Set([infos[0]!.id]), 0)).toBe(infos[1]!.id);
  });

  it('replays the same sequence for the same seed, another for another seed', () => {
    const run = (seed: string) => simulate(settings, 1, seed, [0.3])[0]!.items;
    expect(run('s-1')).toEqual(run('s-1'));
    expect(run('s-1')).not.toEqual(run('s-2'));
  });

  it('stops at the SE after the minimum, at the maximum, or when the bank runs out', () => {
    expect(shouldStop(settings, 4, 0.1)).toBe(false);
    expect(shouldStop(settings, 5, 0.39)).toBe(true);
    expect(shouldStop(settings, 14, 0.9)).toBe(false);
    expect(shouldStop(settings, 15, 0.9)).toBe(true);
    const small = { ...settings, items: bank(3), stop: { minItems: 1, maxItems: 10, se: 0.01 } };
    const step = adaptiveStep(
      small,
      [
        { item: 'I000', score: 1 },
        { item: 'I001', score: 0 },
        { item: 'I002', score: 1 },
      ],
      'x',
    );
    expect(step.done).toBe(true);
  });

  it('recovers 200 simulated abilities (correlation above 0.9)', () => {
    const random = seededRandom('abilities');
    const abilities = Array.from({ length: 200 }, () => -2.5 + 5 * random());
    const runs = simulate({ ...settings, stop: { minItems: 10, maxItems: 25, se: 0.3 } }, 200, 'sim', abilities);
    const r = sampleCorrelation(
      runs.map((x) => x.trueTheta),
      runs.map((x) => x.theta),
    );
    expect(r).toBeGreaterThan(0.9);
    const summary = summarize(settings, runs);
    expect(summary.averageLength).toBeGreaterThanOrEqual(10);
    expect(summary.averageLength).toBeLessThanOrEqual(25);
    expect(Math.abs(summary.bias)).toBeLessThan(0.2);
  });
});

describe('the engine over a bank read once', () => {
  // The engine keeps each bank's constants and grid logs (cat.ts): its steps must be the very numbers of the plain
  // formulas, whatever the model, on every step of a test.
  const random = seededRandom('prepared');
  const items = Object.fromEntries(
    Array.from({ length: 120 }, (_, i) => [`P${i}`, item(0.5 + 1.5 * random(), -3 + 6 * random(), 0.3 * random())]),
  );
  for (const model of ['1PL', '2PL', '3PL'] as const)
    it(`gives the plain EAP and the most informative items exactly (${model})`, () => {
      const settings: AdaptiveSettings = {
        model,
        estimator: 'EAP',
        start: { theta: 0 },
        stop: { minItems: 30, maxItems: 30, se: 0 },
        items,
      };
      const given: Array<{ item: string; score: number }> = [];
      for (let step = 0; step < 30; step++) {
        const next = adaptiveStep(settings, given, 'seed');
        const plain = eap(
          given.map((g) => ({ item: items[g.item]!, score: g.score })),
          model,
        );
        if (given.length > 0) expect({ theta: next.theta, se: next.se }).toEqual(plain);
        // The five best by the plain information, ties by identifier.
        const best = Object.keys(items)
          .filter((id) => !given.some((g) => g.item === id))
          .map((id) => ({ id, info: information(next.theta, items[id]!, model) }))
          .sort((x, y) => y.info - x.info || (x.id < y.id ? -1 : 1))
          .slice(0, 5)
          .map((e) => e.id);
        expect(best).toContain(next.next);
        for (let d = 0; d < 5; d++) expect(selectItem(settings, next.theta, new Set(given.map((g) => g.item)), d / 5 + 0.01)).toBe(best[d]);
        given.push({ item: next.next!, score: step % 3 === 0 ? 0 : 1 });
      }
    });

  it('gives the five most informative of a large bank at any theta, also where guessing is high, as the full ranking does', () => {
    const r = seededRandom('search');
    const bank = Object.fromEntries(
      Array.from({ length: 400 }, (_, i) => [`S${String(i).padStart(3, '0')}`, item(0.3 + 2 * r(), -3 + 6 * r(), 0.95 * r())]),
    );
    // Items the same as another (equal information: the identifier decides).
    bank.S900 = { ...bank.S000! };
    bank.S901 = { ...bank.S001! };
    const given = new Set(['S002', 'S003']);
    for (let theta = -4; theta <= 4; theta += 0.25) {
      const best = Object.keys(bank)
        .filter((id) => !given.has(id))
        .map((id) => ({ id, info: information(theta, bank[id]!, '3PL') }))
        .sort((x, y) => y.info - x.info || (x.id < y.id ? -1 : 1))
        .slice(0, 5)
        .map((e) => e.id);
      for (let d = 0; d < 5; d++) expect(selectItem({ model: '3PL', items: bank }, theta, given, d / 5 + 0.01)).toBe(best[d]);
    }
  });
});
