import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ProgressKey } from '../repositories/progress-repository';
import { createScoringPool, type ScoringStats } from '../services/scoring/scoring-pool';
import { scoreProgress } from '../services/scoring/score-progress';

export interface ScoringOptions {
  /** Scorings at once (default 2). */
  workers: number;
  /** How often timed tests past their end are settled and waiting scorings picked up (default 5 s; 0: never, tests call sweep()). */
  sweepIntervalMs: number;
}

export interface Scoring {
  /** Scores this complete test soon (not waiting for it). */
  enqueue(key: ProgressKey): void;
  /** Settles timed tests whose time ran out and queues every scoring still due. */
  sweep(): Promise<void>;
  /** Resolves once no scoring runs or waits. */
  idle(): Promise<void>;
  stats(): ScoringStats;
}

declare module 'fastify' {
  interface FastifyInstance {
    scoring: Scoring;
  }
}

const QUEUE_CAP = 500;

/**
 * The server's own scoring and the clock's end: a bounded pool of scoring runs, and a sweep that
 * settles expired timed tests by itself (nobody has to reopen them) and catches up on scorings left
 * over by a full queue or a restart.
 */
export const scoring = fp(
  async (app: FastifyInstance, opts: ScoringOptions) => {
    const repos = app.repos;
    const pool = createScoringPool({
      concurrency: opts.workers,
      queueCap: QUEUE_CAP,
      run: async (key) => void (await scoreProgress({ ...repos, log: app.log }, key)),
      onError: (err, key) => app.log.warn({ err, ...key }, 'scoring failed'),
    });

    let sweeping: Promise<void> | undefined;
    const sweep = () =>
      (sweeping ??= (async () => {
        try {
          await repos.progress.settleExpired(new Date());
          const room = pool.room();
          if (room > 0) for (const key of await repos.progress.listScoringDue(room)) pool.enqueue(key);
        } catch (err) {
          app.log.warn({ err }, 'scoring sweep failed');
        } finally {
          sweeping = undefined;
        }
      })());

    const timer = opts.sweepIntervalMs > 0 ? setInterval(() => void sweep(), opts.sweepIntervalMs) : undefined;
    timer?.unref();

    app.decorate('scoring', {
      enqueue: (key: ProgressKey) => void pool.enqueue(key),
      sweep,
      idle: () => pool.idle(),
      stats: () => pool.stats(),
    } satisfies Scoring);

    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await sweeping;
      await pool.idle();
    });
  },
  { name: 'scoring', dependencies: ['repositories'] },
);
