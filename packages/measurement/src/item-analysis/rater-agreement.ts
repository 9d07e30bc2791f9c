// Within-group agreement of raters on one closed question (James, Demaree & Wolf's rwg): how much less the
// ratings vary than they would if each rater picked a point of the scale at random.

export interface Agreement {
  n: number;
  mean: number;
  /** Sample standard deviation of the ratings (n - 1). */
  sd: number;
  /** 1 - s² / σ²_EU, σ²_EU = (A² - 1) / 12 for A points; below 0 (more spread than chance) reported as 0. */
  rwg: number;
}

/** The agreement of a group's ratings on a scale of `points` points; null for fewer than two ratings or points. */
export function raterAgreement(ratings: readonly number[], points: number): Agreement | null {
  const n = ratings.length;
  if (n < 2 || points < 2) return null;
  const mean = ratings.reduce((a, b) => a + b, 0) / n;
  const variance = ratings.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
  const expected = (points * points - 1) / 12;
  return { n, mean, sd: Math.sqrt(variance), rwg: Math.max(0, 1 - variance / expected) };
}
