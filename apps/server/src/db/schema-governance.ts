import type { Generated } from 'kysely';

// The tables of the platform's operation and of people's rights (issue 51: tokens, webhooks, the audit trail;
// issue 52: consents, report views, erasures, retention), beside db/schema.ts and under its column conventions.
type Bool = number;
type Json = string;
type Instant = string;

/** An API token of a company (migration 0013c): only its SHA-256 is kept. */
export interface ApiTokensTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  token_hash: string;
  /** The token's first characters, to tell tokens apart. */
  hint: string;
  /** TokenScope[] as JSON. */
  scopes: Json;
  /** The staff member who made it: the token acts as them, within its scopes. */
  created_by: number;
  created_at: Instant;
  expires_at: Instant;
  last_used_at: Instant | null;
  revoked_at: Instant | null;
}

/** A company's webhook (migration 0013c). */
export interface WebhooksTable {
  id: Generated<number>;
  company_id: number;
  url: string;
  /** The HMAC key deliveries are signed with. */
  secret: string;
  /** WebhookEvent[] as JSON. */
  events: Json;
  enabled: Bool;
  /** Failed attempts in a row. */
  failure_count: Generated<number>;
  /** When it was turned off after failing too often. */
  disabled_at: Instant | null;
  created_by: number;
  created_at: Instant;
}

/** One event to one webhook, with its attempts (migration 0013c); claimed with a lease while it is sent. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  event: string;
  event_id: string;
  /** The body as sent (and signed). */
  payload: string;
  /** pending, delivered or failed (given up). */
  state: string;
  attempts: Generated<number>;
  next_attempt_at: Instant | null;
  last_status: number | null;
  last_answer: string | null;
  delivered_at: Instant | null;
  claimed_by: string | null;
  lease_until: Instant | null;
  created_at: Instant;
}

/** One audit entry (plugins/audit.ts): who did what, to what, when and from where. */
export interface AuditEventsTable {
  id: Generated<number>;
  at: Instant;
  /** The company the entry concerns; null for what is nobody's (a failed sign-in with an unknown e-mail). */
  company_id: number | null;
  actor_id: number | null;
  event: string;
  /** What a staff action concerned, e.g. `people/12`. */
  target: string | null;
  /** The person an action was about (a report downloaded, a person erased), where there is one. */
  subject_user_id: number | null;
  /** Masked (log-redaction.ts). */
  email: string | null;
  detail: string | null;
  ip: string | null;
  route: string | null;
}

/** The receipt of one erasure (migration 0013f): what went, naming nobody. */
export interface ErasuresTable {
  id: string;
  company_id: number;
  /** Staff who erased; null for the retention run. */
  erased_by: number | null;
  /** 'staff' or 'retention'. */
  reason: string;
  kept_results: Bool;
  /** By table, how many rows were anonymised or deleted, as JSON. */
  rows: Json;
  at: Instant;
}

/** The retention run of one day (UTC), claimed by the instance that inserted it first. */
export interface RetentionRunsTable {
  day: string;
  claimed_by: string;
  started_at: Instant;
  finished_at: Instant | null;
  erased: number | null;
  noticed: number | null;
}

/** People staff were told will be erased, and when (one notice each). */
export interface RetentionNoticesTable {
  user_id: number;
  company_id: number;
  erase_on: Instant;
  notified_at: Instant;
}

/** A privacy text someone accepted, stored once by its SHA-256 (migration 0013e); `id` is its version number. */
export interface PrivacyTextsTable {
  id: Generated<number>;
  hash: string;
  /** The campaign's localized text as JSON, as it was accepted. */
  text: Json;
  created_at: Instant;
}

/** One acceptance of a privacy text: by whom, in which campaign, when (migration 0013e). */
export interface ConsentRecordsTable {
  id: Generated<number>;
  user_id: number;
  campaign_id: number | null;
  /** The company whose text was accepted (migration 0014c): it counts in all of that company's campaigns showing it. */
  company_id: number | null;
  privacy_text_id: number;
  accepted_at: Instant;
}

/** Someone other than the person opened (`opened`) or downloaded (`downloaded`) their report (migration 0013e). */
export interface ReportViewsTable {
  id: Generated<number>;
  viewer_id: number;
  subject_user_id: number;
  campaign_id: number;
  kind: string;
  at: Instant;
}
