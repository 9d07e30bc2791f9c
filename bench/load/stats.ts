/** What one load run measured. Latencies in milliseconds, over every answer (2xx or not). */
export interface LoadResult {
  /** Answers received. */
  requests: number;
  seconds: number;
  /** Answers per second over the run. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers other than 2xx. */
  non2xx: number;
  /** Connection errors (reset, refused). */
  errors: number;
  /** Requests without an answer in time. */
  timeouts: number;
  /** Answers by HTTP status. */
  statuses: Record<number, number>;
  /** When each answered request was sent (ms since the epoch) and its latency, where the generator keeps them. */
  spans?: { at: number; ms: number }[];
}

export const failures = (r: Pick<LoadResult, 'non2xx' | 'errors' | 'timeouts'>) => r.non2xx + r.errors + r.timeouts;

/** The value below which a share `p` of the sorted values fall (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

/** Collects latencies and statuses as answers come, and sums them up. */
export class Recorder {
  readonly latencies: number[] = [];
  readonly statuses: Record<number, number> = {};
  non2xx = 0;
  errors = 0;
  timeouts = 0;
  /** How long the runs that recorded here lasted, together. */
  seconds = 0;

  answer(status: number, ms: number): void {
    this.latencies.push(ms);
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    if (status < 200 || status >= 300) this.non2xx += 1;
  }

  result(seconds: number): LoadResult {
    const sorted = Float64Array.from(this.latencies).sort();
    const values = Array.from(sorted);
    return {
      requests: values.length,
      seconds,
      rps: values.length / seconds,
      p50: percentile(values, 0.5),
      p95: percentile(values, 0.95),
      p99: percentile(values, 0.99),
      max: values.length ? values[values.length - 1] : Number.NaN,
      non2xx: this.non2xx,
      errors: this.errors,
      timeouts: this.timeouts,
      statuses: this.statuses,
    };
  }
}

/** A line for the console: "1,234 req/s, p50 1.2 ms, p95 ..., p99 ..., 0 errors". */
export function describe(r: LoadResult): string {
  const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
  const statuses = Object.entries(r.statuses)
    .filter(([s]) => !s.startsWith('2'))
    .map(([s, n]) => `${n}×${s}`)
    .join(' ');
  return (
    `${Math.round(r.rps).toLocaleString('en')} req/s (${r.requests.toLocaleString('en')} in ${r.seconds.toFixed(1)} s), ` +
    `p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}, max ${ms(r.max)}, ` +
    `${failures(r)} errors${failures(r) ? ` (${[statuses, r.errors ? `${r.errors} connection` : '', r.timeouts ? `${r.timeouts} timeouts` : ''].filter(Boolean).join(', ')})` : ''}`
  );
}
