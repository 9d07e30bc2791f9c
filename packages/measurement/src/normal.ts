// The standard normal distribution, which norms (percentiles, stens) and adaptive results (a band of estimate ± SE)
// are read against. simple-statistics' error function is accurate to about 1e-7; its table-based CDF rounds z to
// two decimals, which would move a percentile at the edge of a band.
import { errorFunction } from 'simple-statistics';

/** P(Z ≤ z) for a standard normal Z. */
export function normalCdf(z: number): number {
  if (z === Infinity) return 1;
  if (z === -Infinity) return 0;
  return 0.5 * (1 + errorFunction(z / Math.SQRT2));
}
