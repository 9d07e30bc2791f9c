import { z } from './zod';
import { idSchema, statusOk } from './common';
import { trimmedText } from './staff';

// Integrations (issue 51, docs/staff-api.md "API tokens" and docs/webhooks.md): API tokens an outside system (an ATS,
// an HR system, a BI tool) calls the staff API with, and webhooks that tell it what happened in its company.

/** What a token may do; each names the staff routes it opens (the route's `tokenScopes`, docs/staff-api.md). */
export const TOKEN_SCOPES = ['read-results', 'manage-people', 'import-bundles'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every token starts so: a secret scanner (and a person) can tell it from a session's token. */
export const API_TOKEN_PREFIX = 'prova_';
/** The longest life a token may be given, and the one the form proposes. */
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_DEFAULT_DAYS = 90;
/** Requests one token may make in a minute, across instances (then 429 with Retry-After). */
export const API_TOKEN_RATE_PER_MINUTE = 300;
export const API_TOKEN_NAME_MAX = 100;

export const apiTokenSchema = z.object({
  id: z.int(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  /** The first characters of the token, so that staff can tell tokens apart (never enough to use it). */
  hint: z.string(),
  createdAt: z.string(),
  createdBy: z.nullable(z.string()),
  expiresAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const createTokenRequestSchema = z.object({
  name: trimmedText(API_TOKEN_NAME_MAX).check(z.minLength(1, 'Expected a name for the token')),
  scopes: z.array(z.enum(TOKEN_SCOPES, { error: `Expected scopes among ${TOKEN_SCOPES.join(', ')}` })).check(
    z.minLength(1, 'Choose at least one scope'),
    z.maxLength(TOKEN_SCOPES.length),
    z.refine((s) => new Set(s).size === s.length, { message: 'A scope is named twice' }),
  ),
  /** Days until it expires, from now. */
  expiresInDays: z.int({ error: 'Expected the days until the token expires' }).check(z.minimum(1), z.maximum(API_TOKEN_MAX_DAYS)),
});
export type CreateTokenRequest = z.infer<typeof createTokenRequestSchema>;

export const tokenListResponseSchema = z.extend(statusOk, { tokens: z.array(apiTokenSchema) });
/** The one answer that carries the token itself: it is never shown again. */
export const createdTokenResponseSchema = z.extend(statusOk, { token: apiTokenSchema, secret: z.string() });
export const tokenResponseSchema = z.extend(statusOk, { token: apiTokenSchema });

// ---------------------------------------------------------------------------------------------
// Webhooks

export const WEBHOOK_EVENTS = ['test.completed', 'campaign.finished', 'report.ready', 'person.invited'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The header a delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (docs/webhooks.md). */
export const WEBHOOK_SIGNATURE_HEADER = 'Prova-Signature';
/** How far a receiver should let a signature's time be from its clock before it refuses a replay (docs/webhooks.md). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/**
 * Waits before each new attempt of a delivery that failed (ms): a receiver that stumbled once hears again within
 * seconds, one that is down is asked less and less often, for about seven and a half hours in all.
 */
export const WEBHOOK_BACKOFF_MS = [1_000, 5_000, 30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000] as const;
/** A delivery is given up after this many attempts (the first and one per backoff step). */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_BACKOFF_MS.length + 1;
/** Failed attempts in a row (of any delivery) after which a webhook is turned off, with a notice to staff. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 15;
/** How long the receiver has to answer an attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of the receiver's answer the delivery log keeps. */
export const WEBHOOK_ANSWER_EXCERPT_CHARS = 500;
export const WEBHOOK_URL_MAX = 2_000;
/** The 422's issue `code` for a URL at a loopback, private or link-local address (docs/webhooks.md): the console words it. */
export const WEBHOOK_PRIVATE_ADDRESS = 'PRIVATE_ADDRESS';

const webhookUrlSchema = z.string({ error: 'Expected the endpoint URL' }).check(
  z.trim(),
  z.maxLength(WEBHOOK_URL_MAX),
  z.refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), { message: 'Expected an http(s) URL' }),
);

export const webhookSchema = z.object({
  id: z.int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Failed attempts in a row; at WEBHOOK_DISABLE_AFTER_FAILURES the webhook is turned off. */
  failureCount: z.int(),
  /** Set when it was turned off after failing (not when staff turned it off). */
  disabledAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

const eventsSchema = z.array(z.enum(WEBHOOK_EVENTS, { error: `Expected events among ${WEBHOOK_EVENTS.join(', ')}` })).check(
  z.minLength(1, 'Choose at least one event'),
  z.maxLength(WEBHOOK_EVENTS.length),
  z.refine((s) => new Set(s).size === s.length, { message: 'An event is named twice' }),
);

export const createWebhookRequestSchema = z.object({ url: webhookUrlSchema, events: eventsSchema });
export type CreateWebhookRequest = z.infer<typeof createWebhookRequestSchema>;
/** Turning it on again clears its failures. */
export const updateWebhookRequestSchema = z.object({
  url: z.optional(webhookUrlSchema),
  events: z.optional(eventsSchema),
  enabled: z.optional(z.boolean()),
});
export type UpdateWebhookRequest = z.infer<typeof updateWebhookRequestSchema>;

export const webhookListResponseSchema = z.extend(statusOk, { webhooks: z.array(webhookSchema) });
export const webhookResponseSchema = z.extend(statusOk, { webhook: webhookSchema });
/** The signing secret is shown once, when the webhook is made. */
export const createdWebhookResponseSchema = z.extend(statusOk, { webhook: webhookSchema, secret: z.string() });

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  id: z.int(),
  event: z.enum([...WEBHOOK_EVENTS, 'ping']),
  eventId: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.int(),
  nextAttemptAt: z.nullable(z.string()),
  lastStatus: z.nullable(z.int()),
  /** The start of the receiver's last answer, or what went wrong reaching it. */
  lastAnswer: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** What was sent, as sent. */
  payload: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const deliveryListResponseSchema = z.extend(statusOk, { deliveries: z.array(webhookDeliverySchema) });
export const deliveryResponseSchema = z.extend(statusOk, { delivery: webhookDeliverySchema });

export const tokenParamsSchema = z.object({ tokenId: idSchema });
export const webhookParamsSchema = z.object({ webhookId: idSchema });
export const deliveryParamsSchema = z.object({ webhookId: idSchema, deliveryId: idSchema });

/**
 * The body of every delivery. `data` carries ids and only what the event needs (docs/webhooks.md, "What an event
 * carries"): a person's e-mail only in person.invited and campaign.finished, where a receiver must match the person.
 */
export interface WebhookBody {
  id: string;
  type: WebhookEvent | 'ping';
  createdAt: string;
  companyId: number;
  data: Record<string, string | number | null>;
}

/** The staff calls' paths (under /api). */
export const INTEGRATION_PATHS = {
  tokens: '/staff/tokens',
  token: (id: number) => `/staff/tokens/${id}`,
  webhooks: '/staff/webhooks',
  webhook: (id: number) => `/staff/webhooks/${id}`,
  test: (id: number) => `/staff/webhooks/${id}/test`,
  deliveries: (id: number) => `/staff/webhooks/${id}/deliveries`,
  resend: (id: number, deliveryId: number) => `/staff/webhooks/${id}/deliveries/${deliveryId}/resend`,
} as const;
