// One call of the activity interface: how the activity's arguments become params, the params and
// result schemas, and what the host does with it.
import type { z } from '../zod';
import { MESSAGES, ProvaError } from '../errors';
import type { ActivityHandlers, ActivitySession, CompletionReason } from '../handlers';
import type { Method } from '../protocol';
import type { JsonValue, TestStatus } from './schemas';

/** What the host remembers of the open test between calls. */
export interface HostState {
  initialized: boolean;
  status: TestStatus;
  data: JsonValue | null;
  version: number;
}

export interface HostContext<P> {
  params: P;
  session: ActivitySession;
  handlers: ActivityHandlers;
  state: HostState;
  complete(reason: CompletionReason): void;
}

export interface CallDefinition<A extends unknown[], P extends z.ZodMiniType, R extends z.ZodMiniType> {
  method: Method;
  /** Only an assessor may make this call. */
  assessorOnly?: boolean;
  /** The activity's arguments as the request's params. */
  toParams(...args: A): unknown;
  params: P;
  result: R;
  /** The host's side: runs after the init-first, role and params checks. */
  serve(context: HostContext<z.output<P>>): Promise<z.input<R>>;
}

export function defineCall<A extends unknown[], P extends z.ZodMiniType, R extends z.ZodMiniType>(
  definition: CallDefinition<A, P, R>,
): CallDefinition<A, P, R> & { assessorOnly: boolean } {
  return { ...definition, assessorOnly: definition.assessorOnly ?? false };
}

const EXACT = new Set<string>(Object.values(MESSAGES));

/** Checks params; the first problem becomes the error (contract messages are kept verbatim). */
export function parseParams<T>(method: Method, schema: z.ZodMiniType<T>, params: unknown): T {
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const message = issue?.message ?? 'invalid';
  if (EXACT.has(message)) {
    const code = message === MESSAGES.invalidTrackingData ? 'INVALID_TRACKING_DATA' : 'INVALID_PARAMS';
    throw new ProvaError(message, code);
  }
  const where = issue && issue.path.length ? `${issue.path.join('.')}: ` : '';
  throw new ProvaError(`Invalid ${method} params: ${where}${message}`, 'INVALID_PARAMS');
}

/** Runs a handler, replacing its failure by the catalogue message (the cause is kept). */
export async function withFailure<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    if (cause instanceof ProvaError) throw cause;
    const error = new ProvaError(message, 'HANDLER_ERROR');
    (error as Error & { cause?: unknown }).cause = cause;
    throw error;
  }
}

/** An optional handler, or a clear 'not available' error. */
export function requireHandler<K extends keyof ActivityHandlers>(handlers: ActivityHandlers, name: K): NonNullable<ActivityHandlers[K]> {
  const handler = handlers[name];
  if (!handler) throw new ProvaError(`Not available: this host does not support ${String(name)}`, 'NOT_AVAILABLE');
  return handler as NonNullable<ActivityHandlers[K]>;
}
