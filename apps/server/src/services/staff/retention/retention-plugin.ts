import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { claimerName } from '../../claimer-name';
import { type RetentionRunResult, runRetention } from './retention-run';

declare module 'fastify' {
  interface FastifyInstance {
    retention: {
      /** The day's retention run at `now`, unless another instance has it (tests move the clock with `now`). */
      run(now?: Date): Promise<RetentionRunResult>;
    };
  }
}

/** How often an instance looks whether today's run is still to be done: hourly, so a day is never missed. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Retention of personal data, daily: every instance checks every hour, and the first to claim the day's row runs it
 * (retention-run.ts). With the sweep off (tests) it runs only when called.
 */
export const retention = fp(
  async (app: FastifyInstance, opts: { intervalMs?: number }) => {
    const claimer = claimerName();
    let running: Promise<RetentionRunResult> | undefined;
    const run = (now = new Date()) =>
      (running ??= runRetention(
        app.repos,
        {
          claimer,
          send: (mail) => app.mail.send(mail),
          failed: (err) => app.log.warn({ err }, 'retention notice not sent'),
        },
        now,
      )
        .then((result) => {
          if (result.ran) app.log.info(result, 'retention run done');
          return result;
        })
        .finally(() => {
          running = undefined;
        }));

    const intervalMs = opts.intervalMs ?? CHECK_EVERY_MS;
    const timers: NodeJS.Timeout[] = [];
    if (intervalMs > 0) {
      const check = () => void run().catch((err: unknown) => app.log.error({ err }, 'retention run failed'));
      timers.push(setTimeout(check, Math.min(intervalMs, 60_000)), setInterval(check, intervalMs));
      for (const timer of timers) timer.unref();
    }
    app.decorate('retention', { run });
    app.addHook('onClose', async () => {
      for (const timer of timers) clearTimeout(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'retention', dependencies: ['repositories'] },
);
