// The wire protocol, checked: the host (and the tests) read every message against these schemas;
// anything else is ignored. The plain constants, types and builders are in wire.ts.
import { z } from './zod';
import { METHODS, PROTOCOL_VERSION, type EventMessage, type RequestMessage, type ResponseMessage } from './wire';

export * from './wire';

const messageId = z.string().check(z.minLength(1), z.maxLength(100));
const base = { prova: z.literal(PROTOCOL_VERSION), id: messageId };

export const errorPayloadSchema = z.object({
  message: z.string(),
  code: z.optional(z.string()),
  /** HTTP status behind the error, when there was one (rpc). */
  status: z.optional(z.int()),
});

export const requestSchema = z.object({
  ...base,
  kind: z.literal('request'),
  method: z.enum(METHODS),
  params: z.optional(z.unknown()),
});

export const responseSchema = z.union([
  z
    .strictObject({ ...base, kind: z.literal('response'), method: z.enum(METHODS), result: z.unknown() })
    .check(z.refine((message) => message.result !== undefined)),
  z.strictObject({ ...base, kind: z.literal('response'), method: z.enum(METHODS), error: errorPayloadSchema }),
]);

/** A notice from the host that needs no answer; the activity re-dispatches it as a `prova:<method>` DOM event. */
export const eventSchema = z.object({
  ...base,
  kind: z.literal('event'),
  method: z.string().check(z.minLength(1), z.maxLength(100)),
  params: z.optional(z.unknown()),
});

/** What the host accepts: requests only. */
export function parseRequest(data: unknown): RequestMessage | undefined {
  const parsed = requestSchema.safeParse(data);
  return parsed.success ? (parsed.data as RequestMessage) : undefined;
}

/** What the activity accepts: responses and events. */
export function parseHostMessage(data: unknown): ResponseMessage | EventMessage | undefined {
  const response = responseSchema.safeParse(data);
  if (response.success) return response.data as ResponseMessage;
  const event = eventSchema.safeParse(data);
  return event.success ? (event.data as EventMessage) : undefined;
}
