import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ProgressKey, SETTLE_BATCH } from '../repositories/progress-repository';
import { claimerName } from '../services/claimer-name';
import { createScoringPool, type ScoringStats } from '../services/scoring/scoring-pool';
import { scoreProgress } from '../services/scoring/score-progress';
import { QtiModelCache } from '../services/scoring/qti-models';

export interface ScoringOptions {
  /** Scorings at once (default 2). */
  workers: number;
  /** How often timed tests past their end are settled and waiting scorings picked up (default 5 s; 0: never, tests call sweep()). */
  sweepIntervalMs: number;
}

export interface Scoring {
  /** Scores this complete test soon (not waiting for it). */
  enqueue(key: ProgressKey): void;
  /** Settles timed tests whose time ran out and claims and queues the scorings still due (as many as the queue takes). */
  sweep(): Promise<void>;
  /** Resolves once no scoring runs or waits. */
  idle(): Promise<void>;
  stats(): ScoringStats;
  /** QTI packages' scoring models, read once per package and kept by its hash. */
  qtiModels: QtiModelCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    scoring: Scoring;
  }
}

const QUEUE_CAP = 500;

/** One piece of the periodic sweep: every instance runs each, so each claims its work (or does only what is idempotent). */
interface SweepTask {
  name: string;
  run(now: Date): Promise<void>;
}

/**
 * The server's own scoring and the clock's end: a bounded pool of scoring runs, and a sweep that
 * settles expired timed tests by itself (nobody has to reopen them) and catches up on scorings left
 * over by a full queue, a restart or an instance that died. Every instance sweeps; each scoring is
 * claimed first (progress-repository.ts), so one instance runs it.
 */
export const scoring = fp(
  async (app: FastifyInstance, opts: ScoringOptions) => {
    const repos = app.repos;
    const claimer = claimerName();
    const qtiModels = new QtiModelCache();
    const pool = createScoringPool({
      concurrency: opts.workers,
      queueCap: QUEUE_CAP,
      run: async (key) => {
        await scoreProgress({ ...repos, withTransaction: app.withTransaction, log: app.log, claimer, qtiModels }, key);
        // Its report may be ready now (services/integrations/events.ts decides, and says so once).
        app.events.testScored(key);
      },
      onError: (err, key) => app.log.warn({ err, ...key }, 'scoring failed'),
    });

    // In this order at each turn; one failing does not hold the next back.
    const tasks: SweepTask[] = [
      {
        name: 'expired tests',
        async run(now) {
          // In batches, each its own statement, until one is not full.
          for (;;) {
            const settled = await repos.progress.settleExpired(now);
            for (const key of settled) app.events.testCompleted(key);
            if (settled.length < SETTLE_BATCH) break;
          }
        },
      },
      {
        name: 'scorings due',
        async run(now) {
          const room = pool.room();
          if (room > 0) for (const key of await repos.progress.claimScoringDue(claimer, room, now)) pool.enqueue(key);
        },
      },
    ];

    let sweeping: Promise<void> | undefined;
    const sweep = () =>
      (sweeping ??= (async () => {
        for (const task of tasks) {
          try {
            await task.run(new Date());
          } catch (err) {
            app.log.warn({ err, task: task.name }, 'sweep task failed');
          }
        }
        sweeping = undefined;
      })());

    const timer = opts.sweepIntervalMs > 0 ? setInterval(() => void sweep(), opts.sweepIntervalMs) : undefined;
    timer?.unref();

    app.decorate('scoring', {
      enqueue: (key: ProgressKey) => void pool.enqueue(key),
      sweep,
      idle: () => pool.idle(),
      stats: () => pool.stats(),
      qtiModels,
    } satisfies Scoring);

    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await sweeping;
      await pool.idle();
    });
  },
  { name: 'scoring', dependencies: ['repositories'] },
);
