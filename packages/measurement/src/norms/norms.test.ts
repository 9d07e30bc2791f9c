import { describe, expect, it } from 'vitest';
import { buildNorm, percentileBand, percentileOf, stenOf, stenOfZ } from './norms';

// Φ(z) from a printed standard normal table, to four places, and what 100·Φ rounds to.
const PRINTED = [
  { z: -4, phi: 0.0, percentile: 1 }, // clamped: below 1
  { z: -1.2816, phi: 0.1, percentile: 10 },
  { z: -0.5, phi: 0.3085, percentile: 31 },
  { z: 0, phi: 0.5, percentile: 50 },
  { z: 1, phi: 0.8413, percentile: 84 },
  { z: 1.96, phi: 0.975, percentile: 98 },
  { z: 2, phi: 0.9772, percentile: 98 },
  { z: 4, phi: 1.0, percentile: 99 }, // clamped: above 99
];

describe('percentileOf with a mean and sd', () => {
  const norm = { mean: 100, sd: 15 };
  it.each(PRINTED)('z = $z is percentile $percentile', ({ z, percentile }) => {
    expect(percentileOf(100 + 15 * z, norm)).toBe(percentile);
  });
});

describe('percentileOf with a table', () => {
  const norm = {
    table: [
      { upTo: 8, percentile: 10 },
      { upTo: 12, percentile: 50 },
      { upTo: 16, percentile: 90 },
    ],
  };
  it('reads the first row at or above the score', () => {
    expect(percentileOf(3, norm)).toBe(10);
    expect(percentileOf(8, norm)).toBe(10);
    expect(percentileOf(8.5, norm)).toBe(50);
    expect(percentileOf(16, norm)).toBe(90);
  });
  it('gives 99 above the last row', () => {
    expect(percentileOf(17, norm)).toBe(99);
  });
  it('gives stens from the percentile’s z', () => {
    // p 10: z −1.28, sten 3 (−1.5 ≤ z < −1); p 50: z 0, sten 6; p 90: z 1.28, sten 8; p 99: z 2.33, sten 10.
    expect(stenOf(8, norm)).toBe(3);
    expect(stenOf(12, norm)).toBe(6);
    expect(stenOf(16, norm)).toBe(8);
    expect(stenOf(99, norm)).toBe(10);
  });
});

describe('sten', () => {
  it('follows the standard sten bands of half an sd', () => {
    // Sten 1: z < −2; 5: −0.5 ≤ z < 0; 6: 0 ≤ z < 0.5; 10: z ≥ 2.
    expect(stenOfZ(-2.6)).toBe(1);
    expect(stenOfZ(-2.01)).toBe(1);
    expect(stenOfZ(-2)).toBe(2);
    expect(stenOfZ(-0.5)).toBe(5);
    expect(stenOfZ(-0.01)).toBe(5);
    expect(stenOfZ(0)).toBe(6);
    expect(stenOfZ(0.49)).toBe(6);
    expect(stenOfZ(1)).toBe(8);
    expect(stenOfZ(2)).toBe(10);
    expect(stenOfZ(5)).toBe(10);
  });
  it('from a mean and sd', () => {
    expect(stenOf(115, { mean: 100, sd: 15 })).toBe(8);
    expect(stenOf(92.5, { mean: 100, sd: 15 })).toBe(5);
  });
});

describe('percentileBand', () => {
  it('is the percentiles of estimate − SE and estimate + SE', () => {
    // θ 0.2 ± 0.3 on N(0, 1): Φ(−0.1) = 0.4602, Φ(0.5) = 0.6915.
    expect(percentileBand(0.2, 0.3, { mean: 0, sd: 1 })).toEqual({ low: 46, high: 69 });
  });
});

describe('buildNorm', () => {
  const oneToForty = Array.from({ length: 40 }, (_, i) => i + 1);
  it('gives n, mean, sample sd and the percentile table', () => {
    const built = buildNorm(oneToForty, 30);
    if (!built.ok) throw new Error('refused');
    expect(built.norm.n).toBe(40);
    expect(built.norm.mean).toBe(20.5);
    // The sample variance of 1..n is n(n + 1) / 12 = 136.67.
    expect(built.norm.sd).toBeCloseTo(Math.sqrt(136.6667), 3);
    // Score k has 100k/40 % at or below it; 40 (100 %) is shown as 99.
    expect(built.norm.table[0]).toEqual({ upTo: 1, percentile: 3 });
    expect(built.norm.table.find((r) => r.upTo === 20)?.percentile).toBe(50);
    expect(built.norm.table.at(-1)).toEqual({ upTo: 40, percentile: 99 });
    expect(percentileOf(20, built.norm)).toBe(50);
  });
  it('counts equal scores together', () => {
    const scores = [...Array(10).fill(1), ...Array(20).fill(2), ...Array(10).fill(3)];
    const built = buildNorm(scores, 30);
    if (!built.ok) throw new Error('refused');
    expect(built.norm.table).toEqual([
      { upTo: 1, percentile: 25 },
      { upTo: 2, percentile: 75 },
      { upTo: 3, percentile: 99 },
    ]);
  });
  it('is refused under the minimum n, and without spread', () => {
    expect(buildNorm(oneToForty.slice(0, 29), 30)).toEqual({ ok: false, reason: 'too-few', n: 29, minN: 30 });
    expect(buildNorm(Array(40).fill(5), 30)).toMatchObject({ ok: false, reason: 'no-spread', n: 40 });
  });
});
