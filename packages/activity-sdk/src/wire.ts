// The wire protocol between an activity (in an iframe) and the Prova host page, without any schema
// library: the activity's bundle is built from this (the host checks every message against the zod
// schemas of protocol.ts). PROTOCOL.md describes the same thing in prose.
import type { FocusLike } from './typing';

export const PROTOCOL_VERSION = 1 as const;

/** Query parameter through which the host tells the activity its origin. */
export const HOST_ORIGIN_PARAM = 'provaHost';

/** Every request method an activity may send; `handshake` is internal, the rest are public calls. */
export const METHODS = [
  'handshake',
  'init',
  'setStatus',
  'setData',
  'setPending',
  'getData',
  'trackOutcomes',
  'markComplete',
  'log',
  'rpc',
  'exit',
  'getSamples',
  'getAssessedOutcomes',
  'getAssessedStore',
  'trackAssessedOutcomes',
] as const;
export type Method = (typeof METHODS)[number];

export interface ErrorPayload {
  message: string;
  code?: string;
  /** HTTP status behind the error, when there was one (rpc). */
  status?: number;
}

interface Envelope {
  prova: typeof PROTOCOL_VERSION;
  id: string;
}
export interface RequestMessage extends Envelope {
  kind: 'request';
  method: Method;
  params?: unknown;
}
export type ResponseMessage = Envelope & { kind: 'response'; method: Method } & ({ result: unknown } | { error: ErrorPayload });
export interface EventMessage extends Envelope {
  kind: 'event';
  method: string;
  params?: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100;

/**
 * What the activity accepts from the host: a response (with a result, or an error with a message) or
 * an event. A light check: the host is a known window on a known origin, and every answer is
 * checked again by the call that waits for it.
 */
export function readHostMessage(data: unknown): ResponseMessage | EventMessage | undefined {
  if (!isObject(data) || data.prova !== PROTOCOL_VERSION || !isId(data.id) || typeof data.method !== 'string') return undefined;
  if (data.kind === 'event') return data.method.length > 0 && data.method.length <= 100 ? (data as unknown as EventMessage) : undefined;
  if (data.kind !== 'response' || !(METHODS as readonly string[]).includes(data.method)) return undefined;
  if ('error' in data)
    return isObject(data.error) && typeof data.error.message === 'string' ? (data as unknown as ResponseMessage) : undefined;
  return data.result !== undefined ? (data as unknown as ResponseMessage) : undefined;
}

export function request(id: string, method: Method, params?: unknown): RequestMessage {
  return params === undefined
    ? { prova: PROTOCOL_VERSION, kind: 'request', id, method }
    : { prova: PROTOCOL_VERSION, kind: 'request', id, method, params };
}

export function resultResponse(id: string, method: Method, result: unknown): ResponseMessage {
  return { prova: PROTOCOL_VERSION, kind: 'response', id, method, result: result ?? null };
}

export function errorResponse(id: string, method: Method, error: ErrorPayload): ResponseMessage {
  return { prova: PROTOCOL_VERSION, kind: 'response', id, method, error };
}

export function event(id: string, method: string, params?: unknown): EventMessage {
  return { prova: PROTOCOL_VERSION, kind: 'event', id, method, params };
}

// ---- The two ends of a postMessage channel, reduced to what the SDK uses (a real Window fits).

export interface MessageEventLike {
  data: unknown;
  origin: string;
  source: unknown;
}

export interface MessagePoster {
  postMessage(message: unknown, targetOrigin: string): void;
}

export interface WindowLike extends MessagePoster {
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  readonly parent: MessagePoster | null;
  readonly location: { readonly search: string; readonly origin: string };
  readonly document?: { readonly referrer: string; readonly activeElement?: FocusLike | null };
  dispatchEvent?(event: Event): boolean;
}
