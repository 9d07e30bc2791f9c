// Constants shared by the client and the server.

export const LANGS = ['IT_it', 'EN_en', 'ES_es'] as const;
export type LangCode = (typeof LANGS)[number];
export const DEFAULT_LANG: LangCode = 'IT_it';

/** Interface language (i18next) for a campaign/user language code. */
export const UI_LANG: Record<LangCode, 'it' | 'en' | 'es'> = { IT_it: 'it', EN_en: 'en', ES_es: 'es' };

export const REQUEST_TIMEOUT_MS = 30_000;
export const NOTIFICATION_MS = 3_000;
export const FORM_DEBOUNCE_MS = 200;
export const SPINNER_DELAY_MS = 500;
export const HOVER_SELECT_DELAY_MS = 100;
export const IFRAME_LOAD_CHECK_MS = 6_000;

export const PASSWORD_MIN_LENGTH = 8;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 256;

/** Largest id or version the API accepts: the databases keep them as 32-bit integers. */
export const DB_INT_MAX = 2_147_483_647;

/** Deepest nesting a JSON body may have (progress data included). */
export const JSON_MAX_DEPTH = 100;

/** Largest JSON body the API accepts (progress data included). */
export const BODY_LIMIT_BYTES = 1_048_576;

export const QUEUE = {
  timeoutMs: 5_000,
  retries: 5,
  networkWaitMaxMs: 16_000,
  permanentWaitMs: 2_000,
  backupSize: 20,
  backoffBaseMs: 1_000,
  /** A draft (typing) waits this long for a newer version before it is sent... */
  coalesceMs: 1_000,
  /** ...and never longer than this after the first draft of a run of them. */
  coalesceMaxMs: 5_000,
} as const;

/**
 * Most attempts a person makes at one repeatable test in a campaign (the first included); a staff reset gives the
 * attempt it clears back.
 */
export const MAX_TEST_ATTEMPTS = 10;

export const DEFAULT_RANGE_360 = 5;
export const TEST_360_ID = 360;

/** Session cookie lifetime without activity. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Longest a session lives, active or not: then the person signs in again. */
export const SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000;

/**
 * A cookie the server sets beside the session's (which scripts cannot read) while a session is open, and clears
 * with it: the app asks who is signed in (GET /auth/me) only when it is there, so a signed-out visit makes no
 * request that fails. It holds no secret; `__Host-` before it over HTTPS, as the session's.
 */
export const SIGNED_IN_COOKIE = 'prova_signed_in';

/**
 * How much one person may log (POST /api/logs) in the last LOG_QUOTA.windowMs: entries and bytes (UTF-8) for one test
 * (or none), and for all together, as a test id is the sender's word. Past either, 429 LOG_QUOTA_EXCEEDED, and the
 * sending queue drops the entry for good. What a working test logs (a few failures, the items skipped at a sign-out)
 * stays far below it; the bytes end a flood of large entries within a minute.
 */
export const LOG_QUOTA = {
  windowMs: 24 * 60 * 60 * 1000,
  perTest: { entries: 2_000, bytes: 2_097_152 },
  perPerson: { entries: 10_000, bytes: 8_388_608 },
} as const;
