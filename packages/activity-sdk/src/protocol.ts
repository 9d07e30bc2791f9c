// The wire protocol between an activity (in an iframe) and the Prova host page.
// Every message is checked against these schemas on receipt; anything else is ignored.
// PROTOCOL.md describes the same thing in prose.
import * as z from 'zod';

export const PROTOCOL_VERSION = 1 as const;

/** Query parameter through which the host tells the activity its origin. */
export const HOST_ORIGIN_PARAM = 'provaHost';

/** Every request method an activity may send; `handshake` is internal, the rest are public calls. */
export const METHODS = [
  'handshake',
  'init',
  'setStatus',
  'setData',
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

const messageId = z.string().min(1).max(100);
const base = { prova: z.literal(PROTOCOL_VERSION), id: messageId };

export const errorPayloadSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  /** HTTP status behind the error, when there was one (rpc). */
  status: z.number().int().optional(),
});
export type ErrorPayload = z.infer<typeof errorPayloadSchema>;

export const requestSchema = z.object({
  ...base,
  kind: z.literal('request'),
  method: z.enum(METHODS),
  params: z.unknown().optional(),
});

export const responseSchema = z.union([
  z
    .object({ ...base, kind: z.literal('response'), method: z.enum(METHODS), result: z.unknown() })
    .strict()
    .refine((message) => message.result !== undefined),
  z.object({ ...base, kind: z.literal('response'), method: z.enum(METHODS), error: errorPayloadSchema }).strict(),
]);

/** A notice from the host that needs no answer; the activity re-dispatches it as a `prova:<method>` DOM event. */
export const eventSchema = z.object({
  ...base,
  kind: z.literal('event'),
  method: z.string().min(1).max(100),
  params: z.unknown().optional(),
});

export type RequestMessage = z.infer<typeof requestSchema>;
export type ResponseMessage = z.infer<typeof responseSchema>;
export type EventMessage = z.infer<typeof eventSchema>;

/** What the host accepts: requests only. */
export function parseRequest(data: unknown): RequestMessage | undefined {
  const parsed = requestSchema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** What the activity accepts: responses and events. */
export function parseHostMessage(data: unknown): ResponseMessage | EventMessage | undefined {
  const response = responseSchema.safeParse(data);
  if (response.success) return response.data;
  const event = eventSchema.safeParse(data);
  return event.success ? event.data : undefined;
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
  readonly document?: { readonly referrer: string };
  dispatchEvent?(event: Event): boolean;
}
