// A score read against a norm group: its percentile (the share of the group scoring at or below it) and its sten.
// A norm is either the group's mean and standard deviation (the normal distribution) or a percentile table.
import { mean, probit, sampleStandardDeviation } from 'simple-statistics';
import { normalCdf } from '../normal';

export interface NormTableRow {
  /** The highest score of the row (rows rise). */
  upTo: number;
  /** The percentage of the group at or below `upTo`. */
  percentile: number;
}

export type NormDistribution = { mean: number; sd: number } | { table: readonly NormTableRow[] };

/** Percentiles are whole numbers from 1 to 99: 0 and 100 would claim a certainty no sample gives. */
export const PERCENTILE_MIN = 1;
export const PERCENTILE_MAX = 99;
export const STEN_MIN = 1;
export const STEN_MAX = 10;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const wholePercentile = (p: number) => clamp(Math.round(p), PERCENTILE_MIN, PERCENTILE_MAX);

/**
 * The percentile of `score`: from the normal distribution, 100·Φ((score − mean) / sd) rounded; from a table, the
 * first row whose `upTo` is at or above the score. A score above the last row is above everything the table
 * describes, so it gets the top of the scale (99), not the last row's value.
 */
export function percentileOf(score: number, norm: NormDistribution): number {
  if ('table' in norm) {
    const row = norm.table.find((r) => r.upTo >= score);
    return row ? wholePercentile(row.percentile) : PERCENTILE_MAX;
  }
  return wholePercentile(100 * normalCdf((score - norm.mean) / norm.sd));
}

/** The sten of a z score (standard ten: mean 5.5, sd 2): round(2z + 5.5), clamped to 1..10. */
export function stenOfZ(z: number): number {
  return clamp(Math.floor(2 * z + 5.5 + 0.5), STEN_MIN, STEN_MAX);
}

/** The sten of `score`: from its z against the mean and sd, or, with a table, from the z of its percentile (probit). */
export function stenOf(score: number, norm: NormDistribution): number {
  if ('table' in norm) return stenOfZ(probit(percentileOf(score, norm) / 100));
  return stenOfZ((score - norm.mean) / norm.sd);
}

export interface NormedScore {
  percentile: number;
  sten: number;
}

export const normedScore = (score: number, norm: NormDistribution): NormedScore => ({
  percentile: percentileOf(score, norm),
  sten: stenOf(score, norm),
});

/** The percentile range of an estimate ± its standard error (an adaptive test's THETA and SE): what the estimate allows. */
export function percentileBand(estimate: number, se: number, norm: NormDistribution): { low: number; high: number } {
  const half = Math.abs(se);
  return { low: percentileOf(estimate - half, norm), high: percentileOf(estimate + half, norm) };
}

export interface BuiltNorm {
  n: number;
  mean: number;
  /** The sample standard deviation (n − 1). */
  sd: number;
  /** The scores' own percentile table: for each percentile reached, the highest score with it. */
  table: NormTableRow[];
}

export type BuildNormResult = { ok: true; norm: BuiltNorm } | { ok: false; reason: 'too-few' | 'no-spread'; n: number; minN: number };

/**
 * A norm from a group's scores: refused under `minN` scores (too few for a reference group), and when every score is
 * the same (sd 0: no spread to place anyone in). Each score's percentile is the share of scores at or below it.
 */
export function buildNorm(scores: readonly number[], minN: number): BuildNormResult {
  const values = scores.filter(Number.isFinite);
  const n = values.length;
  if (n < Math.max(2, minN)) return { ok: false, reason: 'too-few', n, minN };
  const sd = sampleStandardDeviation(values);
  if (!(sd > 0)) return { ok: false, reason: 'no-spread', n, minN };
  const sorted = [...values].sort((a, b) => a - b);
  const table: NormTableRow[] = [];
  for (let i = 0; i < n; i++) {
    if (i + 1 < n && sorted[i + 1] === sorted[i]) continue; // the last of equal scores counts them all
    const percentile = wholePercentile((100 * (i + 1)) / n);
    const last = table[table.length - 1];
    // Scores that round to the same percentile share one row: its highest score.
    if (last && last.percentile === percentile) last.upTo = sorted[i];
    else table.push({ upTo: sorted[i], percentile });
  }
  return { ok: true, norm: { n, mean: mean(values), sd, table } };
}
