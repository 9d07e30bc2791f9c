import { apiErrorSchema, type ApiError, type FieldIssue } from '@prova/contract/errors';
import { REQUEST_TIMEOUT_MS } from '@prova/contract/limits';
import { z } from '@prova/contract/zod';

/** Base of every API call. */
export const API_BASE = '/api';

/**
 * - `http`: the server answered with a non-2xx status (other than 401/403); `code` comes from the body.
 * - `session-expired`: 401 or 403.
 * - `timeout`: no answer within REQUEST_TIMEOUT_MS.
 * - `offline`: no connection (navigator.onLine false, or the request failed at network level).
 * - `invalid-response`: a 2xx answer that does not match the contract schema.
 */
export type ApiErrorKind = 'http' | 'session-expired' | 'timeout' | 'offline' | 'invalid-response';

export class ApiClientError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  /** Error code of the API body (`WRONG_CREDENTIALS`, `NO_PRIVACY_CONSENT`, ...), when there is one. */
  readonly code: string | undefined;
  readonly fieldErrors: FieldIssue[];

  constructor(kind: ApiErrorKind, message: string, init: { status?: number; body?: ApiError; cause?: unknown } = {}) {
    super(message, { cause: init.cause });
    this.name = 'ApiClientError';
    this.kind = kind;
    this.status = init.status;
    this.code = init.body?.code;
    this.fieldErrors = init.body?.errors ?? [];
  }
}

export function isApiClientError(error: unknown): error is ApiClientError {
  return error instanceof ApiClientError;
}

export function hasErrorCode(error: unknown, code: string): boolean {
  return isApiClientError(error) && error.code === code;
}

export interface ApiErrorContext {
  /**
   * Not a sign that the session has ended: the request asked not to trigger the global session-expired handling
   * (e.g. GET /auth/me), or it was sent before a sign-in made since (its 401 was about the session before).
   */
  silentAuth: boolean;
}

type ErrorListener = (error: ApiClientError, context: ApiErrorContext) => void;
let errorListener: ErrorListener | undefined;
let successListener: (() => void) | undefined;

/**
 * The app decides what an error does to the UI (notification, redirect, clearing the session);
 * this module only classifies it. Registered once at start-up (src/app/provider.tsx).
 */
export function setApiErrorListener(listener: ErrorListener | undefined) {
  errorListener = listener;
}

/** Told of every answer that went through (a connection problem shown is over). */
export function setApiSuccessListener(listener: (() => void) | undefined) {
  successListener = listener;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Contract schema the 2xx answer must satisfy. */
  schema: z.core.$ZodType<T>;
  /** Cancellation from the caller (react-query passes one). */
  signal?: AbortSignal;
  /** 401/403 are expected (e.g. "am I signed in?"): throw, but skip the session-expired handling. */
  silentAuth?: boolean;
  timeoutMs?: number;
}

/**
 * GET answers asked for before the app needs them (src/app/prefetch-route-data.ts), by path: the first GET of that path
 * takes the answer, once, rather than asking again. Kept a few seconds after they arrive, then dropped.
 */
const primed = new Map<string, Promise<Response | undefined>>();
const PRIMED_KEEP_MS = 5000;

/**
 * How many sessions have begun in this page. A request keeps the number it was sent under: on a slow network its 401
 * can arrive after the person has signed in again, and must not send them back to /login.
 */
let sessions = 0;

/** A session has just begun (a sign-in's answer): refusals of requests sent before it say nothing about it. */
export function sessionBegan() {
  sessions++;
  // Asked for under the session before.
  primed.clear();
}

/** Asks for GET `path` now; the app's first call for it gets this answer. Resolves undefined if it failed (the app then asks itself). */
export function primeGet(path: string): Promise<Response | undefined> {
  const existing = primed.get(path);
  if (existing) return existing;
  const answer = fetch(`${API_BASE}${path}`, { ...fetchInit('GET', undefined), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then(
    (response) => response,
    () => undefined,
  );
  primed.set(path, answer);
  void answer.then(() => setTimeout(() => primed.get(path) === answer && primed.delete(path), PRIMED_KEEP_MS));
  return answer;
}

/** The one request init of the app: a primed GET and the app's own are the same request (and take up a `<link rel="preload">` alike). */
function fetchInit(method: string, body: unknown): RequestInit {
  // A file (a bundle's zip) goes as its bytes, typed as it is; anything else as JSON.
  const file = body instanceof Blob ? body : undefined;
  return {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': file ? file.type || 'application/octet-stream' : 'application/json' }),
    },
    body: body === undefined ? undefined : (file ?? JSON.stringify(body)),
  };
}

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', body, schema, signal, silentAuth = false, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const sentUnder = sessions;
  try {
    const answer = await send(path, method, body, schema, signal, timeoutMs);
    successListener?.();
    return answer;
  } catch (error) {
    if (error instanceof ApiClientError) errorListener?.(error, { silentAuth: silentAuth || sentUnder !== sessions });
    throw error;
  }
}

async function send<T>(
  path: string,
  method: string,
  body: unknown,
  schema: z.core.$ZodType<T>,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiClientError('offline', `Offline: ${method} ${path}`);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });

  const taken = method === 'GET' ? primed.get(path) : undefined;
  if (taken) primed.delete(path);
  let response: Response;
  try {
    response = (await taken) ?? (await fetch(`${API_BASE}${path}`, { ...fetchInit(method, body), signal: controller.signal }));
  } catch (error) {
    if (timedOut) throw new ApiClientError('timeout', `Timeout: ${method} ${path}`, { cause: error });
    // Cancelled by the caller: let it through untouched (react-query expects the AbortError).
    if (signal?.aborted) throw error;
    throw new ApiClientError('offline', `Network error: ${method} ${path}`, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  const payload = await readJson(response);

  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    const errorBody = parsed.success ? parsed.data : undefined;
    const message = errorBody?.message ?? `HTTP ${response.status}: ${method} ${path}`;
    const kind: ApiErrorKind = response.status === 401 || response.status === 403 ? 'session-expired' : 'http';
    throw new ApiClientError(kind, message, { status: response.status, body: errorBody });
  }

  const parsed = z.safeParse(schema, payload);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error.issues);
    throw new ApiClientError('invalid-response', `Unexpected answer: ${method} ${path}`, {
      status: response.status,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** The body as JSON; undefined when empty or not JSON (the caller judges by the status). */
export async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const api = {
  get: <T>(path: string, schema: z.core.$ZodType<T>, options: Omit<RequestOptions<T>, 'schema' | 'method' | 'body'> = {}) =>
    apiRequest(path, { ...options, schema, method: 'GET' }),
  post: <T>(path: string, body: unknown, schema: z.core.$ZodType<T>, options: Omit<RequestOptions<T>, 'schema' | 'method' | 'body'> = {}) =>
    apiRequest(path, { ...options, schema, body, method: 'POST' }),
  patch: <T>(
    path: string,
    body: unknown,
    schema: z.core.$ZodType<T>,
    options: Omit<RequestOptions<T>, 'schema' | 'method' | 'body'> = {},
  ) => apiRequest(path, { ...options, schema, body, method: 'PATCH' }),
  put: <T>(path: string, body: unknown, schema: z.core.$ZodType<T>, options: Omit<RequestOptions<T>, 'schema' | 'method' | 'body'> = {}) =>
    apiRequest(path, { ...options, schema, body, method: 'PUT' }),
};
