// The campaign's period as the time bars show it.

/**
 * Share of the campaign period gone by, in whole percent: clamped to 0..99 until the deadline,
 * 100 once it has passed.
 */
export function elapsedPercent(start: Date | undefined, end: Date | undefined, now: Date = new Date()): number {
  if (!start || !end) return 0;
  if (now.getTime() >= end.getTime()) return 100;
  const total = end.getTime() - start.getTime();
  if (total <= 0) return 99;
  const value = Math.round(((now.getTime() - start.getTime()) / total) * 100);
  return Math.min(99, Math.max(0, value));
}
