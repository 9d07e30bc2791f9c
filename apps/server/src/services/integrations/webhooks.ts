import { randomBytes } from 'node:crypto';
import {
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  WEBHOOK_PRIVATE_ADDRESS,
  type Webhook,
  type WebhookDelivery,
} from '@prova/contract/integrations';
import { invalidBody, notFound } from '../../http/http-error';
import { presentDelivery, presentWebhook } from '../../presenters/present-integrations';
import type { WebhooksRepository } from '../../repositories/staff/webhooks-repository';
import { webhookAddressProblem } from './webhook-address';

// A company's webhooks as staff manage them (docs/webhooks.md). The signing secret is made here and shown once.

/** How many of a webhook's latest deliveries its log shows. */
export const DELIVERY_LOG_SIZE = 50;

/** Where a company's webhooks may point: anywhere (the operator allowed private addresses), or public addresses only. */
export interface WebhookTargets {
  privateAddresses: boolean;
  /** How a host name is resolved (tests name what it resolves to). */
  resolve?: (host: string) => Promise<string[]>;
}

/** 422 at `body.url` for a URL whose host is not a public address (unless the operator allows private ones). */
async function requirePublicUrl(targets: WebhookTargets, url: string) {
  if (targets.privateAddresses) return;
  const problem = await webhookAddressProblem(url, targets.resolve);
  if (problem) throw invalidBody([{ path: 'body.url', message: problem, code: WEBHOOK_PRIVATE_ADDRESS }]);
}

export async function createWebhook(
  repo: WebhooksRepository,
  targets: WebhookTargets,
  who: { companyId: number; userId: number },
  request: CreateWebhookRequest,
  now = new Date(),
): Promise<{ webhook: Webhook; secret: string }> {
  await requirePublicUrl(targets, request.url);
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const row = await repo.create({
    company_id: who.companyId,
    url: request.url,
    secret,
    events: JSON.stringify(request.events),
    enabled: 1,
    created_by: who.userId,
    created_at: now.toISOString(),
  });
  return { webhook: presentWebhook(row), secret };
}

export async function findWebhook(repo: WebhooksRepository, companyId: number, id: number) {
  const row = await repo.find(companyId, id);
  if (!row) throw notFound('Webhook');
  return row;
}

/** Turning a webhook on again (staff, after it was turned off) starts its failures from nothing. */
export async function updateWebhook(
  repo: WebhooksRepository,
  targets: WebhookTargets,
  companyId: number,
  id: number,
  request: UpdateWebhookRequest,
): Promise<Webhook> {
  const before = await findWebhook(repo, companyId, id);
  if (request.url !== undefined) await requirePublicUrl(targets, request.url);
  const on = request.enabled === true && before.enabled === 0;
  const patch = {
    ...(request.url !== undefined ? { url: request.url } : {}),
    ...(request.events !== undefined ? { events: JSON.stringify(request.events) } : {}),
    ...(request.enabled !== undefined ? { enabled: request.enabled ? 1 : 0 } : {}),
    ...(on ? { failure_count: 0, disabled_at: null } : {}),
  };
  // Nothing named: nothing to change.
  const row = Object.keys(patch).length > 0 ? await repo.update(companyId, id, patch) : before;
  if (!row) throw notFound('Webhook');
  return presentWebhook(row);
}

export async function deliveryLog(repo: WebhooksRepository, companyId: number, id: number): Promise<WebhookDelivery[]> {
  await findWebhook(repo, companyId, id);
  return (await repo.deliveries(id, DELIVERY_LOG_SIZE)).map(presentDelivery);
}

/** Sends a delivery again now, whatever became of it (delivered, given up, waiting for its next attempt). */
export async function resendDelivery(repo: WebhooksRepository, companyId: number, id: number, deliveryId: number, now = new Date()) {
  await findWebhook(repo, companyId, id);
  if (!(await repo.findDelivery(id, deliveryId))) throw notFound('Delivery');
  await repo.resend(id, deliveryId, now.toISOString());
  return presentDelivery((await repo.findDelivery(id, deliveryId))!);
}
