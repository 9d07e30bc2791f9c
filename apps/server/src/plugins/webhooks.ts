import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { claimerName } from '../services/claimer-name';
import { createEvents, type Events } from '../services/integrations/events';
import { sendDue } from '../services/integrations/webhook-sender';
import type { WebhookTargets } from '../services/integrations/webhooks';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where services say what happened (services/integrations/events.ts). */
    events: Events;
    webhooks: {
      /** Claims and sends the deliveries due at `now` (tests move the clock; the server calls it by itself). */
      sendDue(now?: Date): Promise<number>;
      /** Queues the console's test ping to one webhook; the delivery's id. */
      ping(companyId: number, webhookId: number): Promise<number | undefined>;
      /** Sends soon what was queued (a delivery sent again). */
      kick(): void;
      /** Resolves once every event raised so far is queued and nothing is being sent. */
      idle(): Promise<void>;
      /** Where a webhook may point (WEBHOOK_PRIVATE_ADDRESSES). */
      targets: WebhookTargets;
    };
  }
}

/** Longest wait between two looks at the queue, whatever is due: deliveries another instance queued, or left. */
const MAX_IDLE_MS = 5_000;

/**
 * Webhooks: events queued as deliveries, and the sender. With `sweepIntervalMs` > 0 (a server) this instance sends
 * what it queues at once, wakes for each retry when it falls due and looks at the queue at least every
 * `sweepIntervalMs`; every instance does, and each delivery is claimed before it is sent, so one instance sends it.
 * With 0 (tests), nothing is sent until `sendDue` is called.
 */
export const webhooks = fp(
  async (app: FastifyInstance, opts: { sweepIntervalMs: number; privateAddresses: boolean }) => {
    const repo = app.repos.staff.webhooks;
    const automatic = opts.sweepIntervalMs > 0;
    const claimer = claimerName();
    let closed = false;
    let sending: Promise<number> | undefined;
    let again = false;
    let wake: NodeJS.Timeout | undefined;

    const targets: WebhookTargets = { privateAddresses: opts.privateAddresses };
    const deps = {
      webhooks: repo,
      claimer,
      log: app.log,
      publicOnly: !targets.privateAddresses,
    };
    const run = (now?: Date): Promise<number> => {
      if (sending) {
        again = true;
        return sending;
      }
      sending = sendDue(deps, now)
        .catch((err: unknown) => {
          app.log.warn({ err }, 'webhook deliveries not sent');
          return 0;
        })
        .finally(() => {
          sending = undefined;
          if (again && !closed) {
            again = false;
            void run();
          } else if (automatic) void schedule();
        });
      return sending;
    };

    /** Sleeps until the next retry falls due, or MAX_IDLE_MS at most. */
    async function schedule() {
      if (closed) return;
      const next = await repo.nextDue().catch(() => undefined);
      const wait = Math.min(Math.max(next ? Date.parse(next) - Date.now() : MAX_IDLE_MS, 0), MAX_IDLE_MS, opts.sweepIntervalMs);
      if (wake) clearTimeout(wake);
      wake = setTimeout(() => void run(), wait);
      wake.unref();
    }

    const kick = () => {
      if (automatic && !closed) setImmediate(() => void run());
    };
    const made = createEvents({ webhooks: repo, queued: kick, onError: (err) => app.log.warn({ err }, 'event not raised') });

    app.decorate('events', made.events);
    app.decorate('webhooks', {
      sendDue: run,
      ping: (companyId: number, webhookId: number) => made.ping(companyId, webhookId),
      kick,
      async idle() {
        await made.idle();
        while (sending) await sending;
      },
      targets,
    });
    app.addHook('onReady', async () => {
      if (automatic) await schedule();
    });
    app.addHook('onClose', async () => {
      closed = true;
      if (wake) clearTimeout(wake);
      await made.idle();
      await sending;
    });
  },
  { name: 'webhooks', dependencies: ['repositories'] },
);
