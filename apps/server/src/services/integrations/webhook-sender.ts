import { createHmac } from 'node:crypto';
import {
  WEBHOOK_ANSWER_EXCERPT_CHARS,
  WEBHOOK_BACKOFF_MS,
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
} from '@prova/contract/integrations';
import type { DeliveryRow, WebhooksRepository } from '../../repositories/staff/webhooks-repository';
import { webhookAddressProblem } from './webhook-address';
import { PrivateAddressError, postWebhook } from './webhook-post';

// Sends due deliveries (docs/webhooks.md): each claimed first, with a lease, so that one instance sends it; signed
// with the webhook's secret over "<unix seconds>.<body>"; a 2xx answer delivers it, anything else is tried again
// after WEBHOOK_BACKOFF_MS, and given up after WEBHOOK_MAX_ATTEMPTS. Failures in a row turn the webhook off.

/** A claim holds this long: past it, an instance that died while sending leaves the delivery to another. */
const LEASE_MS = WEBHOOK_TIMEOUT_MS * 3;
/** Deliveries claimed per turn. */
const BATCH = 20;

/** The signature header's value for this body at this time. */
export function signatureOf(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** When the attempt after `attempts` failed ones is due; null once the last was made. */
export function nextAttemptAfter(attempts: number, now: Date): string | null {
  if (attempts >= WEBHOOK_MAX_ATTEMPTS) return null;
  return new Date(now.getTime() + WEBHOOK_BACKOFF_MS[attempts - 1]).toISOString();
}

export interface SenderDeps {
  webhooks: WebhooksRepository;
  claimer: string;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** A webhook turned off after failing too often. */
  onDisabled?(webhookId: number): void;
  /** Public addresses only (unless the operator allows private ones: WEBHOOK_PRIVATE_ADDRESSES). */
  publicOnly: boolean;
}

async function attempt(deps: SenderDeps, delivery: DeliveryRow & { url: string; secret: string }, now: Date) {
  const signature = signatureOf(delivery.secret, delivery.payload, Math.floor(now.getTime() / 1000));
  let status: number | null = null;
  let answer: string;
  // Checked again at each attempt, since the name may resolve elsewhere by now: here for a clear answer in the log, and
  // on connecting (postWebhook), so that the connection goes only to an address that was checked.
  const refused = deps.publicOnly ? await webhookAddressProblem(delivery.url) : null;
  if (refused) answer = `Not sent: ${refused}`;
  else
    try {
      const res = await postWebhook({
        url: delivery.url,
        body: delivery.payload,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Prova-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signature,
          'Prova-Event': delivery.event,
          'Prova-Delivery': String(delivery.id),
        },
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        // Characters are at most 4 bytes of UTF-8.
        maxAnswerBytes: WEBHOOK_ANSWER_EXCERPT_CHARS * 4,
        publicOnly: deps.publicOnly,
      });
      status = res.status;
      answer = res.answer;
    } catch (err) {
      answer =
        err instanceof PrivateAddressError
          ? `Not sent: ${err.message}`
          : `Not reached: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`;
    }
  answer = answer.slice(0, WEBHOOK_ANSWER_EXCERPT_CHARS);
  const ok = status !== null && status >= 200 && status < 300;
  const attempts = delivery.attempts + 1;
  const at = new Date();
  const recorded = await deps.webhooks.recordAttempt(
    delivery.id,
    deps.claimer,
    { ok, status, answer, at: at.toISOString(), nextAttemptAt: ok ? null : nextAttemptAfter(attempts, now) },
    WEBHOOK_DISABLE_AFTER_FAILURES,
  );
  deps.log.info({ deliveryId: delivery.id, webhookId: delivery.webhook_id, status, attempts, ok }, 'webhook attempt');
  if (recorded.disabled) {
    deps.log.warn({ webhookId: delivery.webhook_id }, 'webhook turned off after failing too often');
    deps.onDisabled?.(delivery.webhook_id);
  }
}

/** Claims and sends what is due at `now`; answers how many were sent. */
export async function sendDue(deps: SenderDeps, now = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await deps.webhooks.claimDue(deps.claimer, BATCH, now.toISOString(), new Date(now.getTime() + LEASE_MS).toISOString());
    await Promise.all(claimed.map((d) => attempt(deps, d, now)));
    sent += claimed.length;
    if (claimed.length < BATCH) return sent;
  }
}
