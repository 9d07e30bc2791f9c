import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface LogRetentionOptions {
  /** Days a log entry is kept (LOG_RETENTION_DAYS). */
  retentionDays: number;
  /** How often the purge runs (default hourly; 0: never, tests call purge()). */
  intervalMs?: number;
}

export interface LogRetention {
  /** Deletes the log entries older than the retention period at `now`; answers how many went. */
  purge(now?: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    logRetention: LogRetention;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The logs' retention: entries older than LOG_RETENTION_DAYS are deleted by a periodic purge, once soon after the start
 * and then every hour. Every instance runs it; a delete another instance made already finds nothing.
 */
export const logRetention = fp(
  async (app: FastifyInstance, opts: LogRetentionOptions) => {
    const intervalMs = opts.intervalMs ?? PURGE_INTERVAL_MS;
    let running: Promise<number> | undefined;
    const purge = (now = new Date()) =>
      (running ??= (async () => {
        try {
          const deleted = await app.repos.logs.purgeOlderThan(new Date(now.getTime() - opts.retentionDays * DAY_MS));
          if (deleted > 0) app.log.info({ deleted, retentionDays: opts.retentionDays }, 'old log entries deleted');
          return deleted;
        } catch (err) {
          app.log.warn({ err }, 'log retention purge failed');
          return 0;
        } finally {
          running = undefined;
        }
      })());

    const timers: NodeJS.Timeout[] = [];
    if (intervalMs > 0) {
      // Not at the very start: migrations and the first requests come first.
      timers.push(
        setTimeout(() => void purge(), Math.min(intervalMs, 60_000)),
        setInterval(() => void purge(), intervalMs),
      );
      for (const timer of timers) timer.unref();
    }

    app.decorate('logRetention', { purge } satisfies LogRetention);
    app.addHook('onClose', async () => {
      for (const timer of timers) clearTimeout(timer);
      await running;
    });
  },
  { name: 'log-retention', dependencies: ['repositories'] },
);
