// The activity side: ProvaActivity, what a test author codes against (contract: activity-sdk.md).
//
// init() checks that the page is framed, learns the host's origin from ?provaHost= (or the
// referrer), repeats a handshake until the host answers, then asks for the session. Every other
// call is refused with 'API not initialized' until init has resolved, is checked against its
// params schema before it is sent, and has its answer checked against its result schema.
import type { z } from 'zod';
import type { CallDefinition } from './calls/define-call';
import { parseParams } from './calls/define-call';
import type { Session } from './calls/init';
import { CALLS } from './calls/registry';
import { assessorOnlyMessage, MESSAGES, ProvaError } from './errors';
import type { Method, MessageEventLike, MessagePoster, WindowLike } from './protocol';
import { HOST_ORIGIN_PARAM, parseHostMessage, request } from './protocol';

export type { Session } from './calls/init';

type Calls = typeof CALLS;
type PublicMethod = Exclude<Method, 'handshake'>;
type ApiCall<K extends PublicMethod> = (
  ...args: Parameters<Calls[K]['toParams']>
) => Promise<z.output<Calls[K]['result']>>;

/** The public calls, with the argument and result types of their definitions. */
export type ProvaActivityApi = { [K in PublicMethod]: ApiCall<K> };

export interface ProvaActivityOptions {
  /** The activity's window; defaults to the global window. */
  window?: WindowLike;
  /** The host's origin; defaults to ?provaHost= in the page URL, then the referrer's origin. */
  hostOrigin?: string;
  /** How long a call waits for its answer (default 40 s, above the host's 30 s request time-out). */
  timeoutMs?: number;
  /** How long init keeps repeating the handshake (default 10 s) and how often (default 250 ms). */
  handshakeTimeoutMs?: number;
  handshakeIntervalMs?: number;
}

const DEFAULTS = { timeoutMs: 40_000, handshakeTimeoutMs: 10_000, handshakeIntervalMs: 250 };

export function createProvaActivity(options: ProvaActivityOptions = {}): ProvaActivityApi {
  const settings = { ...DEFAULTS, ...options };
  let channel: Channel | undefined;
  let session: Session | undefined;
  let starting: Promise<Session> | undefined;

  function init(): Promise<Session> {
    starting ??= (async () => {
      channel ??= await openChannel(settings);
      const result = await channel.send('init', undefined, settings.timeoutMs);
      session = checkResult('init', CALLS.init, result);
      return session;
    })().catch((error: unknown) => {
      starting = undefined;
      throw error;
    });
    return starting;
  }

  async function call(method: Exclude<PublicMethod, 'init'>, args: unknown[]): Promise<unknown> {
    if (!session || !channel) throw new ProvaError(MESSAGES.notInitialized, 'NOT_INITIALIZED');
    const definition = CALLS[method] as unknown as CallDefinition<unknown[], z.ZodType, z.ZodType> & { assessorOnly: boolean };
    if (definition.assessorOnly && !session.isAssessor) throw new ProvaError(assessorOnlyMessage(method), 'FORBIDDEN');
    const params = definition.toParams(...args);
    parseParams(method, definition.params, params);
    const result = await channel.send(method, params, settings.timeoutMs);
    return checkResult(method, definition, result);
  }

  const api = (method: Exclude<PublicMethod, 'init'>) => (...args: unknown[]) => call(method, args);
  return {
    init,
    setStatus: api('setStatus'),
    setData: api('setData'),
    getData: api('getData'),
    trackOutcomes: api('trackOutcomes'),
    markComplete: api('markComplete'),
    log: api('log'),
    rpc: api('rpc'),
    exit: api('exit'),
    getSamples: api('getSamples'),
    getAssessedOutcomes: api('getAssessedOutcomes'),
    getAssessedStore: api('getAssessedStore'),
    trackAssessedOutcomes: api('trackAssessedOutcomes'),
  } as ProvaActivityApi;
}

function checkResult<T>(method: Method, definition: { result: z.ZodType<T> }, result: unknown): T {
  const parsed = definition.result.safeParse(result);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message;
  if (message === MESSAGES.invalidTrackingData) throw new ProvaError(message, 'INVALID_TRACKING_DATA');
  throw new ProvaError(`Invalid answer from the Prova host to ${method}`, 'INVALID_RESPONSE');
}

// ---- The channel to the host: request ids, promise replies, time-outs.

interface Channel {
  send(method: Method, params: unknown, timeoutMs: number): Promise<unknown>;
}

interface Pending {
  method: Method;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

async function openChannel(settings: typeof DEFAULTS & ProvaActivityOptions): Promise<Channel> {
  const win = settings.window ?? (globalThis as { window?: WindowLike }).window;
  const parent = win?.parent;
  if (!win || !parent || (parent as unknown) === win) throw new ProvaError(MESSAGES.notInIframe, 'NOT_IN_IFRAME');
  const hostOrigin = findHostOrigin(win, settings.hostOrigin);

  const prefix = Math.random().toString(36).slice(2, 10);
  let count = 0;
  const pending = new Map<string, Pending>();

  win.addEventListener('message', (message: MessageEventLike) => {
    if (message.source !== parent || message.origin !== hostOrigin) return;
    const parsed = parseHostMessage(message.data);
    if (!parsed) return;
    if (parsed.kind === 'event') return dispatchHostEvent(win, parsed.method, parsed.params);
    const waiting = pending.get(parsed.id);
    if (!waiting || waiting.method !== parsed.method) return;
    pending.delete(parsed.id);
    if ('error' in parsed) waiting.reject(ProvaError.fromPayload(parsed.error));
    else waiting.resolve(parsed.result);
  });

  const post = (target: MessagePoster, message: unknown) => target.postMessage(message, hostOrigin);

  function send(method: Method, params: unknown, timeoutMs: number, repeatEveryMs?: number): Promise<unknown> {
    const id = `${prefix}-${++count}`;
    const message = request(id, method, params);
    return new Promise((resolve, reject) => {
      const repeat = repeatEveryMs ? setInterval(() => post(parent!, message), repeatEveryMs) : undefined;
      const stop = () => {
        clearTimeout(timer);
        if (repeat) clearInterval(repeat);
      };
      const timer = setTimeout(() => {
        pending.delete(id);
        stop();
        const silent = method === 'handshake';
        reject(new ProvaError(silent ? MESSAGES.hostSilent : `The Prova host did not answer ${method} in time`, silent ? 'NO_HOST' : 'TIMEOUT'));
      }, timeoutMs);
      pending.set(id, {
        method,
        resolve: (result) => (stop(), resolve(result)),
        reject: (error) => (stop(), reject(error)),
      });
      post(parent!, message);
    });
  }

  const answer = await send('handshake', CALLS.handshake.toParams(), settings.handshakeTimeoutMs, settings.handshakeIntervalMs);
  checkResult('handshake', CALLS.handshake, answer);
  return { send };
}

/** ?provaHost= wins; the referrer's origin is the fallback; anything unusable is an error. */
function findHostOrigin(win: WindowLike, explicit?: string): string {
  const candidate =
    explicit ?? new URLSearchParams(win.location.search).get(HOST_ORIGIN_PARAM) ?? win.document?.referrer ?? '';
  try {
    const origin = new URL(candidate).origin;
    if (origin && origin !== 'null') return origin;
  } catch {
    // fall through
  }
  throw new ProvaError(MESSAGES.hostOriginUnknown, 'NO_HOST');
}

function dispatchHostEvent(win: WindowLike, name: string, detail: unknown) {
  if (typeof CustomEvent === 'function' && win.dispatchEvent) win.dispatchEvent(new CustomEvent(`prova:${name}`, { detail }));
}
