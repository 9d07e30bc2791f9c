import type { ProgressKey } from '../../repositories/progress-repository';

export interface ScoringPoolOptions {
  /** Scorings running at once (each in its own worker thread). */
  concurrency: number;
  /** Scorings waiting at most; past it a request is left to the next sweep. */
  queueCap: number;
  run(key: ProgressKey): Promise<void>;
  onError(err: unknown, key: ProgressKey): void;
}

export interface ScoringStats {
  running: number;
  queued: number;
  /** The most that ever ran at once. */
  peak: number;
  completed: number;
}

const keyOf = (k: ProgressKey) => `${k.campaignId}:${k.testId}:${k.userId}`;

/**
 * A bounded pool for the server's scoring: a few runs at once, a capped queue, and one run at a time
 * per test and person (asking again for one queued or running is a no-op). Scoring is CPU work in
 * worker threads, so a flood of completions must not start a flood of workers.
 */
export function createScoringPool(opts: ScoringPoolOptions) {
  const queued = new Map<string, ProgressKey>();
  const running = new Set<string>();
  const stats = { peak: 0, completed: 0 };
  let idleWaiters: Array<() => void> = [];

  function pump() {
    while (running.size < opts.concurrency && queued.size > 0) {
      const [id, key] = queued.entries().next().value as [string, ProgressKey];
      queued.delete(id);
      running.add(id);
      stats.peak = Math.max(stats.peak, running.size);
      opts
        .run(key)
        .catch((err: unknown) => opts.onError(err, key))
        .finally(() => {
          running.delete(id);
          stats.completed++;
          pump();
        });
    }
    if (running.size === 0 && queued.size === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  return {
    /** Asks for a scoring; false when the queue is full (the sweep will ask again later). */
    enqueue(key: ProgressKey): boolean {
      const id = keyOf(key);
      if (running.has(id) || queued.has(id)) return true;
      if (queued.size >= opts.queueCap) return false;
      queued.set(id, key);
      pump();
      return true;
    },
    /** Room left in the queue. */
    room: () => opts.queueCap - queued.size,
    /** Resolves when nothing runs or waits. */
    idle(): Promise<void> {
      if (running.size === 0 && queued.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    stats: (): ScoringStats => ({ running: running.size, queued: queued.size, peak: stats.peak, completed: stats.completed }),
  };
}
export type ScoringPool = ReturnType<typeof createScoringPool>;
