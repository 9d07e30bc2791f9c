// The host side: the web app's test container answers the activity in its iframe.
//
//   const host = createActivityHost({ iframe, activityOrigin, session, handlers, onComplete });
//   iframe.src = withHostOrigin(test.url);  // tells the activity whom to talk to
//   ...
//   host.dispose();
//
// Only messages whose source is the iframe's window and whose origin is the activity's origin are
// read; each must match the protocol schema, then the call's params schema. Calls other than
// handshake and init are refused with 'API not initialized' until init has succeeded.
import type { z } from './zod';
import { CALLS } from './calls/registry';
import type { HostState } from './calls/define-call';
import { parseParams } from './calls/define-call';
import type { ActivityHandlers, ActivitySession, CompletionReason } from './handlers';
import { assessorOnlyMessage, MESSAGES, ProvaError } from './errors';
import type { Method, MessageEventLike, WindowLike } from './protocol';
import { errorResponse, event, HOST_ORIGIN_PARAM, parseRequest, resultResponse } from './protocol';

export type { ActivityHandlers, ActivitySession, CompletionReason, DataUpdate, InitAnswer, RpcRequest, StatusUpdate } from './handlers';
export type { AssessedOutcome, JsonValue, Outcome, Sample, TestStatus } from './calls/schemas';

/** One answered call, for logs and the mock host's panel. */
export interface CallRecord {
  method: Method;
  params: unknown;
  ok: boolean;
  result?: unknown;
  error?: { message: string; code?: string };
}

export interface ActivityHostOptions {
  /** The iframe showing the activity (only its contentWindow is needed). */
  iframe: { readonly contentWindow: WindowLike | Window | null };
  /** The activity's origin, e.g. new URL(test.url, location.href).origin. */
  activityOrigin: string;
  session: ActivitySession;
  handlers: ActivityHandlers;
  /** The test counts as complete (setStatus('complete'), markComplete or trackOutcomes): mark it in the room. */
  onComplete?(reason: CompletionReason): void;
  /** Every answered call, after the answer is posted. */
  onCall?(record: CallRecord): void;
  /** The window to listen on; defaults to the global window. */
  window?: WindowLike;
}

export interface ActivityHost {
  /** Sends a notice to the activity; it arrives as a `prova:<name>` DOM event on the activity's window. */
  notify(name: string, params?: unknown): void;
  /** Whether init has succeeded. */
  readonly initialized: boolean;
  /** Stops listening; later messages are ignored. */
  dispose(): void;
}

export function createActivityHost(options: ActivityHostOptions): ActivityHost {
  const { iframe, activityOrigin, session, handlers } = options;
  const listenOn = options.window ?? (globalThis as { window?: WindowLike }).window;
  if (!listenOn) throw new Error('createActivityHost needs a window to listen on');
  if (!activityOrigin || activityOrigin === 'null' || activityOrigin === '*') {
    throw new Error(`createActivityHost needs the activity's exact origin, got "${activityOrigin}"`);
  }
  const state: HostState = { initialized: false, status: 'not attempted', data: null, version: 0 };
  let disposed = false;
  let eventCount = 0;

  const post = (message: unknown) => {
    if (!disposed) (iframe.contentWindow as WindowLike | null)?.postMessage(message, activityOrigin);
  };

  const listener = (message: MessageEventLike) => {
    if (disposed) return;
    if (message.origin !== activityOrigin || !iframe.contentWindow || message.source !== iframe.contentWindow) return;
    const request = parseRequest(message.data);
    if (!request) return;
    void answer(request.id, request.method, request.params);
  };

  async function answer(id: string, method: Method, rawParams: unknown) {
    let record: CallRecord;
    try {
      const result = await serve(method, rawParams);
      post(resultResponse(id, method, result));
      record = { method, params: rawParams, ok: true, result };
    } catch (error) {
      const payload = toPayload(error);
      post(errorResponse(id, method, payload));
      record = { method, params: rawParams, ok: false, error: payload };
    }
    options.onCall?.(record);
  }

  async function serve(method: Method, rawParams: unknown): Promise<unknown> {
    const call = CALLS[method];
    if (method !== 'handshake' && method !== 'init' && !state.initialized) {
      throw new ProvaError(MESSAGES.notInitialized, 'NOT_INITIALIZED');
    }
    // Argument errors first, whoever calls (the contract); the role after.
    const params = parseParams(method, call.params as z.ZodMiniType, rawParams);
    if (call.assessorOnly && session.isAssessor !== true) throw new ProvaError(assessorOnlyMessage(method), 'FORBIDDEN');
    const complete = (reason: CompletionReason) => options.onComplete?.(reason);
    // Each definition is typed by its own schema; the table erases that link.
    const serveCall = call.serve as (context: unknown) => Promise<unknown>;
    return serveCall({ params, session, handlers, state, complete });
  }

  listenOn.addEventListener('message', listener);
  return {
    notify(name, params) {
      post(event(`host-${++eventCount}`, name, params));
    },
    get initialized() {
      return state.initialized;
    },
    dispose() {
      disposed = true;
      listenOn.removeEventListener('message', listener);
    },
  };
}

function toPayload(error: unknown) {
  if (error instanceof ProvaError) return error.toPayload();
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'Host error';
  const status = (error as { status?: unknown } | null)?.status;
  return { message, code: 'HANDLER_ERROR', ...(Number.isInteger(status) ? { status: status as number } : {}) };
}

/** The activity URL with the host's origin in `?provaHost=`, which is how the activity learns it. */
export function withHostOrigin(activityUrl: string, hostOrigin: string = globalThis.location?.origin ?? ''): string {
  const base = globalThis.location?.href ?? hostOrigin;
  const url = new URL(activityUrl, base);
  url.searchParams.set(HOST_ORIGIN_PARAM, hostOrigin);
  return url.toString();
}

/** The origin to pass as activityOrigin for a test URL (relative URLs are the platform's own). */
export function originOf(activityUrl: string, base: string = globalThis.location?.href ?? 'http://localhost'): string {
  return new URL(activityUrl, base).origin;
}

export interface StoredProgress {
  version: number;
  status?: 'not attempted' | 'incomplete' | 'complete';
  data?: unknown;
}

/** The local copy is used unless the server's version is newer. */
export function pickProgress(server: StoredProgress, local: StoredProgress | null | undefined): StoredProgress {
  if (!local) return server;
  return server.version > local.version ? server : local;
}

/** The server keeps progress data as a string: encode any JSON value (a string included) on the way out... */
export function encodeProgressData(data: unknown): string {
  return JSON.stringify(data ?? null);
}

/** ...and decode it on the way in; a string that is not JSON is returned as is. */
export function decodeProgressData(stored: unknown): unknown {
  if (typeof stored !== 'string') return stored ?? null;
  if (stored === '') return null;
  try {
    return JSON.parse(stored);
  } catch {
    return stored;
  }
}
