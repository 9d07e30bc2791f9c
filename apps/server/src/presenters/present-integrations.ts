import type { ApiToken, Webhook, WebhookDelivery } from '@prova/contract/integrations';
import type { ApiTokenRow } from '../repositories/staff/api-tokens-repository';
import type { DeliveryRow, WebhookRow } from '../repositories/staff/webhooks-repository';

export function presentToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    hint: row.hint,
    createdAt: row.created_at,
    createdBy: row.created_by_email,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** A webhook as staff see it: never its secret. */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled === 1,
    failureCount: row.failure_count,
    disabledAt: row.disabled_at,
    createdAt: row.created_at,
  };
}

export function presentDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as WebhookDelivery['event'],
    eventId: row.event_id,
    state: row.state as WebhookDelivery['state'],
    attempts: row.attempts,
    nextAttemptAt: row.state === 'pending' ? row.next_attempt_at : null,
    lastStatus: row.last_status,
    lastAnswer: row.last_answer,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
    payload: row.payload,
  };
}
