import { describe, expect, it } from 'vitest';
import { analyseItems, ItemAnalysisAccumulator, type ItemSpec, MAX_BINS } from './item-analysis';
import { raterAgreement } from './rater-agreement';

const ok = (a: ReturnType<typeof analyseItems>) => {
  if (!a.sufficient) throw new Error('expected a sufficient analysis');
  return a;
};

// 6 attempts × 4 items scored 0/1, with the choices of item 1 (key A).
const binaryItems: ItemSpec[] = [
  { id: 'i1', maxScore: 1, choice: { key: ['A'] } },
  { id: 'i2', maxScore: 1 },
  { id: 'i3', maxScore: 1 },
  { id: 'i4', maxScore: 1 },
];
const binary = [
  [1, 1, 1, 1], // total 4
  [1, 1, 1, 0], // 3
  [1, 1, 0, 0], // 2
  [1, 0, 1, 0], // 2
  [0, 1, 0, 0], // 1
  [1, 0, 0, 0], // 1
];
const choicesOfItem1 = [['A'], ['A'], ['A'], ['A'], ['B'], ['A']];

describe('item analysis of a small dichotomous matrix, worked by hand', () => {
  const a = ok(analyseItems(binaryItems, binary, choicesOfItem1));

  it('gives each item its facility p = mean / max', () => {
    // Column sums 5, 4, 3, 1 over 6 attempts.
    expect(a.items.map((i) => i.p)).toEqual([5 / 6, 4 / 6, 3 / 6, 1 / 6]);
  });

  it('gives the corrected item-total correlation (item against the total of the other items)', () => {
    // Item 1: x = 1,1,1,1,0,1; rest = T - x = 3,2,1,1,1,0. mean x = 5/6, mean rest = 8/6.
    // cov = Σx·rest/6 - (5/6)(8/6) = 7/6 - 40/36 = 2/36; var x = 5/6 - 25/36 = 5/36;
    // var rest = 16/6 - 64/36 = 32/36. r = (2/36) / sqrt(5/36 · 32/36) = 2 / sqrt(160) = 1/sqrt(40) ≈ 0.158.
    expect(a.items[0].r).toBeCloseTo(1 / Math.sqrt(40), 12);
    // Item 4: x = 1,0,0,0,0,0; rest = 3,3,2,2,1,1. cov = 3/6 - (1/6)(2) = 1/6; var x = 5/36; var rest = 28/6 - 4 = 2/3.
    // r = (1/6) / sqrt(5/36 · 2/3) = sqrt(0.3) ≈ 0.548.
    expect(a.items[3].r).toBeCloseTo(Math.sqrt(0.3), 12);
  });

  it('computes KR-20 = k/(k-1) · (1 - Σpq / σ²_T) and the SEM', () => {
    // Totals 4,3,2,2,1,1: mean 13/6, σ²_T = 35/6 - 169/36 = 41/36. Σpq = (5 + 8 + 9 + 5)/36 = 27/36.
    // KR-20 = 4/3 · (1 - 27/41) = 56/123 ≈ 0.455; SEM = sqrt(41/36) · sqrt(1 - 56/123).
    expect(a.reliability.coefficient).toBe('KR-20');
    expect(a.reliability.value).toBeCloseTo(56 / 123, 12);
    expect(a.reliability.sem).toBeCloseTo(Math.sqrt(41 / 36) * Math.sqrt(67 / 123), 12);
    expect(a.total).toMatchObject({ mean: 13 / 6, min: 1, max: 4, maxPossible: 4 });
    expect(a.total.sd).toBeCloseTo(Math.sqrt(41 / 36), 12);
  });

  it('flags items by the named thresholds', () => {
    // p 0.83 r 0.16: weak; p 0.17: too hard.
    expect(a.items[0].flags).toEqual(['weak-discrimination']);
    expect(a.items[3].flags).toEqual(['too-hard']);
  });

  it("counts each option's share and the mean total of those who chose it", () => {
    expect(a.items[0].distractors).toEqual({
      options: [
        { option: 'A', key: true, count: 5, share: 5 / 6, meanTotal: (4 + 3 + 2 + 2 + 1) / 5 },
        { option: 'B', key: false, count: 1, share: 1 / 6, meanTotal: 1 },
      ],
      none: { count: 0, share: 0, meanTotal: null },
    });
    expect(a.items[1].distractors).toBeNull();
  });

  it('distributes the totals one bin per point', () => {
    expect(a.distribution.map((b) => [b.from, b.count])).toEqual([
      [0, 0],
      [1, 2],
      [2, 2],
      [3, 1],
      [4, 1],
    ]);
  });
});

describe('Cronbach alpha on polytomous items, worked by hand', () => {
  const items: ItemSpec[] = [0, 1, 2].map((k) => ({ id: `q${k}`, maxScore: 2 }));
  const matrix = [
    [2, 2, 1], // 5
    [1, 2, 2], // 5
    [1, 1, 0], // 2
    [0, 1, 0], // 1
    [0, 0, 1], // 1
  ];
  const a = ok(analyseItems(items, matrix));

  it('computes alpha = k/(k-1) · (1 - Σσ²ᵢ / σ²_T), alpha if deleted and SEM', () => {
    // σ²ᵢ: 6/5 - 0.64 = 0.56, 10/5 - 1.44 = 0.56, 6/5 - 0.64 = 0.56; Σ = 1.68.
    // Totals 5,5,2,1,1: mean 2.8, σ²_T = 56/5 - 7.84 = 3.36. alpha = 3/2 · (1 - 1.68/3.36) = 0.75.
    expect(a.reliability.coefficient).toBe('alpha');
    expect(a.reliability.value).toBeCloseTo(0.75, 12);
    expect(a.reliability.sem).toBeCloseTo(Math.sqrt(3.36) * 0.5, 12);
    // Without q2: totals 4,3,2,1,0, σ² = 30/5 - 4 = 2; alpha = 2 · (1 - 1.12/2) = 0.88.
    expect(a.items[2].alphaIfDeleted).toBeCloseTo(0.88, 12);
    // Facility of q0: mean 0.8 over 2 points.
    expect(a.items[0].p).toBeCloseTo(0.4, 12);
  });
});

describe('KR-20 and alpha', () => {
  it('agree on dichotomous data (alpha computed directly from the item variances)', () => {
    const a = ok(analyseItems(binaryItems, binary));
    const n = binary.length;
    const variance = (xs: number[]) => xs.reduce((s, x) => s + x * x, 0) / n - (xs.reduce((s, x) => s + x, 0) / n) ** 2;
    const columns = [0, 1, 2, 3].map((i) => binary.map((row) => row[i]));
    const totals = binary.map((row) => row.reduce((s, x) => s + x, 0));
    const alpha = (4 / 3) * (1 - columns.map(variance).reduce((s, v) => s + v, 0) / variance(totals));
    expect(a.reliability.value).toBeCloseTo(alpha, 12);
  });
});

describe('edge cases', () => {
  it('answers only the count below the minimum n', () => {
    expect(analyseItems(binaryItems, binary.slice(0, 5), undefined, 6)).toEqual({ sufficient: false, n: 5, minN: 6 });
    expect(analyseItems(binaryItems, [[1, 1, 1, 1]])).toEqual({ sufficient: false, n: 1, minN: 2 });
  });

  it('gives no correlation for an item every attempt scores the same, and flags its facility', () => {
    const a = ok(
      analyseItems(
        binaryItems,
        binary.map((row) => [1, ...row.slice(1)]),
      ),
    );
    expect(a.items[0]).toMatchObject({ p: 1, sd: 0, r: null, flags: ['too-easy'] });
    expect(a.reliability.value).not.toBeNull();
  });

  it('has no reliability when no total varies', () => {
    const a = ok(
      analyseItems(
        binaryItems,
        [
          [1, 0, 0, 0],
          [0, 1, 0, 0],
          [0, 0, 1, 0],
        ].map((r) => r),
      ),
    );
    // Every total is 1.
    expect(a.reliability).toEqual({ coefficient: 'KR-20', value: null, sem: null });
  });

  it('flags a negative discrimination, and counts no response', () => {
    const a = ok(
      analyseItems(
        [
          { id: 'x', maxScore: 1, choice: { key: ['A'] } },
          { id: 'y', maxScore: 1 },
          { id: 'z', maxScore: 1 },
        ],
        [
          [1, 0, 0],
          [1, 0, 0],
          [0, 1, 1],
          [0, 1, 1],
        ],
        [['A'], ['A'], [null], [undefined]],
      ),
    );
    expect(a.items[0].r).toBeCloseTo(-1, 12);
    expect(a.items[0].flags).toContain('negative-discrimination');
    expect(a.items[0].distractors?.none).toEqual({ count: 2, share: 0.5, meanTotal: 2 });
  });

  it('bins wide score ranges into MAX_BINS bins that hold every attempt', () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ id: `i${i}`, maxScore: 1 }));
    const acc = new ItemAnalysisAccumulator(items);
    for (let a = 0; a < 51; a++) acc.add(items.map((_, i) => (i < a ? 1 : 0)));
    const result = ok(acc.result());
    expect(result.distribution).toHaveLength(MAX_BINS);
    expect(result.distribution.reduce((s, b) => s + b.count, 0)).toBe(51);
    expect(result.distribution.at(-1)).toMatchObject({ to: 50, count: 3 });
  });
});

describe('rater agreement (rwg)', () => {
  it('is 1 - s² / ((A² - 1) / 12)', () => {
    // Ratings 4,4,5,3 on 5 points: mean 4, s² = (0 + 0 + 1 + 1) / 3 = 2/3; σ²_EU = 24/12 = 2; rwg = 1 - 1/3.
    const a = raterAgreement([4, 4, 5, 3], 5)!;
    expect(a.rwg).toBeCloseTo(2 / 3, 12);
    expect(a.sd).toBeCloseTo(Math.sqrt(2 / 3), 12);
    expect(a.mean).toBe(4);
  });
  it('is 0 when the ratings spread more than chance, and absent under two ratings', () => {
    expect(raterAgreement([1, 5, 1, 5], 5)!.rwg).toBe(0);
    expect(raterAgreement([3], 5)).toBeNull();
  });
});
