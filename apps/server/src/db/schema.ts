import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ContentPackageKind } from '@prova/contract/content';
import type {
  ApiTokensTable,
  WebhooksTable,
  WebhookDeliveriesTable,
  AuditEventsTable,
  ErasuresTable,
  RetentionRunsTable,
  RetentionNoticesTable,
  PrivacyTextsTable,
  ConsentRecordsTable,
  ReportViewsTable,
} from './schema-governance';

export type {
  ApiTokensTable,
  WebhooksTable,
  WebhookDeliveriesTable,
  AuditEventsTable,
  ErasuresTable,
  RetentionRunsTable,
  RetentionNoticesTable,
  PrivacyTextsTable,
  ConsentRecordsTable,
  ReportViewsTable,
};

// Portable column conventions: instants are ISO-8601 UTC strings, booleans are 0/1 integers,
// structured values are JSON text. The same rows then read alike on SQLite and PostgreSQL.
type Bool = number;
type Json = string;
type Instant = string;

export interface LanguagesTable {
  lang: string;
  name: string;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  logo: string | null;
  sso_slug: string | null;
  sso: Json | null;
  /** 1: an erasure keeps the person's results as anonymous rows (statistics); 0: removes them (migration 0013f). */
  erasure_keeps_results: Generated<Bool>;
  /** Months after a campaign's end its people's personal data is erased; null: kept. */
  retention_months: number | null;
  /** An IANA zone (`Europe/Rome`): where the company's exports put their dates. */
  time_zone: Generated<string>;
}

export interface UsersTable {
  id: Generated<number>;
  company_id: number;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  gender: string | null;
  lang: string | null;
  role: string;
  has_sso: Bool;
  privacy: Bool;
  created_at: Instant;
  /** Set when staff deactivate the person: no sign-in from then on, results kept. */
  deactivated_at: Instant | null;
  /** Set by an erasure (migration 0013f): the row is a tombstone, naming nobody, kept for foreign keys and statistics. */
  erased_at: Generated<Instant | null>;
}

export interface TestsTable {
  id: number;
  abbreviation: string;
  name: Json;
  description: Json;
  instructions: Json;
  url: string;
  img: string | null;
  label: string | null;
  repeatable: Bool;
  legacy: Bool;
  json_data: Json;
  theme: Json | null;
  labels360: Json | null;
  algorithm: string | null;
  /**
   * The company that owns the test, the only one whose staff may change it: the one whose staff created it
   * from the console, or the bundle's `owner`; null for the operator's library tests.
   */
  owner_company_id: number | null;
  /** A package test's content package (migration 0011f); its url is then the package's player. */
  package_hash: string | null;
  /** The package's kind (content_packages.kind), kept beside the hash: it decides who scores the test. */
  package_kind: ContentPackageKind | null;
}

/** A content package, stored once by the SHA-256 of its zip (migration 0011f). */
export interface ContentPackagesTable {
  hash: string;
  kind: string;
  /** Its delivery.json, served to its player. */
  delivery: Json;
  /** What the server scores with (QTI); null when the content reports its own results (SCORM). */
  scoring: Json | null;
  /** The package zip's size in bytes. */
  size: number;
  created_at: Instant;
}

/** A file the activities origin serves of a package, at /packages/<hash>/<path>. */
export interface ContentPackageFilesTable {
  hash: string;
  path: string;
  media_type: string;
  bytes: Uint8Array;
}

/**
 * A test written in the staff console, as its form edits it (migration 0011g): the tests row of `test_id` points
 * at the QTI package written from it.
 */
export interface AuthoredTestsTable {
  test_id: number;
  company_id: number;
  /** The test (authoredTestSchema of the contract), as JSON. */
  test: Json;
  created_by: number | null;
  created_at: Instant;
  updated_at: Instant;
}

/** A test shared with a company that does not own it (migration 0010a). */
export interface TestSharesTable {
  test_id: number;
  company_id: number;
}

export interface CampaignsTable {
  id: number;
  company_id: number;
  name: Json;
  description: Json;
  on_complete_text: Json;
  no_report_text: Json;
  theme: string;
  languages: Json;
  date_start: Instant;
  date_end: Instant;
  status: string;
  is360: Bool;
  self_evaluation: Bool;
  range360_num: number;
  privacy_agreement: Json | null;
  logo: string | null;
  data: Json | null;
  questions360: Json | null;
  /** The scale's words and whether "non osservato" may be answered (migration 0014a). */
  scale360: Json | null;
  model: Json | null;
  report: Json | null;
  created_on: Instant;
  /** Overrides the company's retention_months for this campaign's people (migration 0013f). */
  retention_months: Generated<number | null>;
  /** Until when staff reopened its assessments once it was closed (migration 0013m); null: never, or locked again. */
  assessments_open_until: Generated<Instant | null>;
}

export interface CampaignTestsTable {
  campaign_id: number;
  test_id: number;
  position: number;
  prerequisites: Json;
  agenda_date: string | null;
  section: string | null;
}

export interface ParticipantsTable {
  campaign_id: number;
  user_id: number;
  lang: string | null;
  last_access: Instant | null;
  extra_time_percent: number;
  privacy_consent_at: Instant | null;
  /** The version (privacy_texts.hash) of the text that consent was given to (migration 0013e). */
  privacy_consent_version: string | null;
  storage: Json | null;
}

/** Who assesses whom in which test (the staff API's "samples"). */
export interface AssessmentsTable {
  id: Generated<number>;
  campaign_id: number;
  assessor_id: number;
  assessed_id: number;
  test_id: number;
}

export interface Relations360Table {
  campaign_id: number;
  evaluator_id: number;
  evaluee_id: number;
  relation_id: number;
  label: Json | null;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  campaign_id: number | null;
  via_sso: Bool;
  created_at: Instant;
  expires_at: Instant;
  /** The operator's current company (migration 0013b); null: their own. */
  company_id: Generated<number | null>;
}

export interface TestProgressTable {
  campaign_id: number;
  test_id: number;
  user_id: number;
  version: number;
  status: string;
  data: string | null;
  updated_at: Instant;
  /** First opening of the test (timed tests' clock). */
  started_at: Instant | null;
  /** When a timed test ends for this person, extra time included. */
  ends_at: Instant | null;
  /** 1 while a complete test with a scoring script waits for the server's scoring. */
  scoring_due: Generated<number>;
  /** The instance whose scoring of it is under way (progress-repository.ts, claims), until `scoring_claimed_until`. */
  scoring_claimed_by: string | null;
  /** Past this instant the claim is free again: its instance is taken to have died with it. */
  scoring_claimed_until: Instant | null;
  /** The browser window holding the attempt (the last to open it); saves of another window are refused. Null: none. */
  window_id: string | null;
  /** The content language the test was opened in (migration 0014d); null: not opened, or opened before it was kept. */
  lang: Generated<string | null>;
}

/** Attempts replaced by a repeat or a reset, kept for the record. */
export interface TestProgressHistoryTable {
  id: Generated<number>;
  campaign_id: number;
  test_id: number;
  user_id: number;
  version: number;
  status: string;
  data: string | null;
  started_at: Instant | null;
  ends_at: Instant | null;
  updated_at: Instant;
  archived_at: Instant;
  reason: string;
  /** The attempt's language, as test_progress had it. */
  lang: Generated<string | null>;
}

export interface OutcomesTable {
  id: Generated<number>;
  campaign_id: number;
  test_id: number;
  user_id: number;
  /** 'client' (posted by the activity), 'server' (scoring algorithm) or 'assessor'. */
  source: string;
  assessor_id: number | null;
  outcomes: Json;
  created_at: Instant;
}

/** One rater's answer to one 360 question about one person. */
export interface Answers360Table {
  campaign_id: number;
  evaluee_id: number;
  evaluator_id: number;
  question_id: number;
  /** 0 for closed and open questions. */
  answer_id: Generated<number>;
  value: number | null;
  text_value: string | null;
  /** 1: a closed question answered "non osservato", with no value (migration 0014a). */
  not_observed: Generated<Bool>;
  updated_at: Instant;
}

/** Who evaluates whom in a 360, how far (the answers are in answers360). */
export interface Evaluations360Table {
  campaign_id: number;
  evaluator_id: number;
  evaluee_id: number;
  version: number;
  status: string;
  updated_at: Instant;
}

/** Failed sign-ins of one account ('account:<email>') or one address ('address:<ip>'). */
export interface SignInThrottleTable {
  key: string;
  failures: number;
  window_start: Instant;
  blocked_until: Instant | null;
}

/** A request carried out, by its caller's idempotency key. */
export interface RequestKeysTable {
  user_id: number;
  key: string;
  created_at: Instant;
}

/** Who staff invited to a campaign, when last, by whom, how often. */
export interface InvitationsTable {
  campaign_id: number;
  user_id: number;
  invited_at: Instant;
  invited_by: number;
  times: Generated<number>;
}

/** Outcomes replaced by a staff reset, kept for the record. */
export interface OutcomesHistoryTable {
  id: Generated<number>;
  campaign_id: number;
  test_id: number;
  user_id: number;
  source: string;
  assessor_id: number | null;
  outcomes: Json;
  created_at: Instant;
  archived_at: Instant;
  reason: string;
}

/** An import or export of the staff console, with its progress. */
export interface StaffJobsTable {
  id: string;
  company_id: number;
  created_by: number;
  kind: string;
  state: string;
  phase: string;
  done: Generated<number>;
  total: Generated<number>;
  campaign_id: number | null;
  format: string | null;
  input: string | null;
  problems: Generated<Json>;
  plan: Json | null;
  summary: Json | null;
  file_name: string | null;
  file_type: string | null;
  file_data: string | null;
  file_size: number | null;
  error: string | null;
  created_at: Instant;
  updated_at: Instant;
  /** The instance running the job (services/staff/jobs/job-runner.ts), while its lease holds. */
  claimed_by: string | null;
  /** Renewed while the job runs; past it, an unfinished job was cut short (its instance stopped). */
  lease_until: Instant | null;
  /** Import: what staff should know about the upload (JSON list of texts; migration 0011f). */
  notes: Json | null;
}

export interface LogsTable {
  id: Generated<number>;
  user_id: number;
  campaign_id: number | null;
  test_id: number | null;
  data: string;
  /** The entry's length in UTF-8 bytes, which the person's quota sums. */
  bytes: Generated<number>;
  created_at: Instant;
}

/** One row (id 1): moved by every import, read by servers to notice another process's changes. */
export interface DataChangesTable {
  id: number;
  serial: number;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: Instant;
  expires_at: Instant;
  used_at: Instant | null;
}

/** An assessor's points for an item of a QTI test that assessors rate, for the current attempt (migration 0011h). */
export interface ItemRatingsTable {
  campaign_id: number;
  test_id: number;
  user_id: number;
  item_id: string;
  points: number;
  assessor_id: number;
  rated_at: Instant;
}

/** A company's norm group for one outcome of one test (migration 0012b): a mean and sd, or a percentile table. */
export interface NormsTable {
  id: Generated<number>;
  company_id: number;
  /** Localized text, as JSON. */
  name: string;
  test_id: number;
  outcome: string;
  mean: number | null;
  sd: number | null;
  /** `[{ upTo, percentile }]` as JSON, instead of mean and sd. */
  norm_table: string | null;
  n: number;
  created_at: Instant;
}

/** The norms a campaign's reports read against. */
export interface CampaignNormsTable {
  campaign_id: number;
  norm_id: number;
}

/** A computer-adaptive test's settings and bank, server-side only (migration 0012a). */
export interface AdaptiveTestsTable {
  test_id: number;
  package_hash: string;
  /** AdaptiveSettings of the contract, as JSON. */
  settings: string;
  /** By item identifier: `{ href, xml }`, the stripped item as the player gets it. */
  bank: string;
}

/** A candidate's adaptive session for one attempt (migration 0012a). */
export interface AdaptiveSessionsTable {
  campaign_id: number;
  test_id: number;
  user_id: number;
  attempt: string;
  seed: string;
  answered: number;
  /** `[{ item, score, raw, response, theta?, se? }]` in the order given (the estimate after each answer). */
  given: string;
  /** The item the candidate is on; null once done. */
  current: string | null;
  theta: number;
  se: number;
  done: number;
  updated_at: Instant;
}

export interface Database {
  languages: LanguagesTable;
  companies: CompaniesTable;
  users: UsersTable;
  tests: TestsTable;
  campaigns: CampaignsTable;
  campaign_tests: CampaignTestsTable;
  participants: ParticipantsTable;
  assessments: AssessmentsTable;
  relations360: Relations360Table;
  sessions: SessionsTable;
  test_progress: TestProgressTable;
  test_progress_history: TestProgressHistoryTable;
  outcomes: OutcomesTable;
  answers360: Answers360Table;
  evaluations360: Evaluations360Table;
  sign_in_throttle: SignInThrottleTable;
  request_keys: RequestKeysTable;
  logs: LogsTable;
  password_resets: PasswordResetsTable;
  data_changes: DataChangesTable;
  invitations: InvitationsTable;
  outcomes_history: OutcomesHistoryTable;
  staff_jobs: StaffJobsTable;
  test_shares: TestSharesTable;
  content_packages: ContentPackagesTable;
  content_package_files: ContentPackageFilesTable;
  authored_tests: AuthoredTestsTable;
  item_ratings: ItemRatingsTable;
  norms: NormsTable;
  campaign_norms: CampaignNormsTable;
  adaptive_tests: AdaptiveTestsTable;
  adaptive_sessions: AdaptiveSessionsTable;
  api_tokens: ApiTokensTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  audit_events: AuditEventsTable;
  erasures: ErasuresTable;
  retention_runs: RetentionRunsTable;
  retention_notices: RetentionNoticesTable;
  privacy_texts: PrivacyTextsTable;
  consent_records: ConsentRecordsTable;
  report_views: ReportViewsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CampaignRow = Selectable<CampaignsTable>;
export type TestRow = Selectable<TestsTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type ParticipantRow = Selectable<ParticipantsTable>;
