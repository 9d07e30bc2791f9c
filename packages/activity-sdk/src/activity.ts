// The activity side: ProvaActivity, what a test author codes against.
//
// init() checks that the page is framed, learns the host's origin from ?provaHost= (or the
// referrer), repeats a handshake until the host answers, then asks for the session. Every other
// call is refused with 'API not initialized' until init has resolved; then its arguments are checked
// (argument errors first, whoever calls), then the caller's role, and only then is it sent.
//
// This file and what it imports are the activity's whole bundle (dist/prova-activity.js): no schema
// library here. The host checks every request again with the zod schemas of calls/.
import { ACTIVITY_CALLS } from './activity-calls';
import type { AssessedOutcome, JsonValue, Outcome, Sample } from './calls/schemas';
import { assessorOnlyMessage, MESSAGES, ProvaError } from './errors';
import { readSession, type Session } from './session';
import { isTyping } from './typing';
import type { Method, MessageEventLike, MessagePoster, WindowLike } from './wire';
import { HOST_ORIGIN_PARAM, PROTOCOL_VERSION, readHostMessage, request } from './wire';

export type { Session, TestTiming } from './session';

type Ok = { ok: true };

/** The public calls (the contract's names). */
export interface ProvaActivityApi {
  init(): Promise<Session>;
  setStatus(status: 'incomplete' | 'complete'): Promise<{ status: 'incomplete' | 'complete'; version: 1 | 2 }>;
  setData(data: unknown): Promise<{ version: number }>;
  /** The activity holds input not yet given to setData (true) or no longer (false): meanwhile nothing says 'saved'. */
  setPending(pending: boolean): Promise<Ok>;
  getData(): Promise<JsonValue | null>;
  trackOutcomes(outcomes: Outcome[]): Promise<Ok>;
  markComplete(): Promise<{ status: 'complete'; version: 2 }>;
  log(entry: unknown): Promise<Ok>;
  rpc(action: string, data?: unknown): Promise<unknown>;
  exit(): Promise<Ok>;
  getSamples(): Promise<Sample[]>;
  getAssessedOutcomes(): Promise<AssessedOutcome[]>;
  getAssessedStore(userId: number): Promise<JsonValue | null>;
  trackAssessedOutcomes(userId: number, outcomes: Outcome[]): Promise<Ok>;
}
type PublicMethod = keyof ProvaActivityApi;

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
      session = readSession(await channel.send('init', undefined, settings.timeoutMs));
      return session;
    })().catch((error: unknown) => {
      starting = undefined;
      throw error;
    });
    return starting;
  }

  async function call(method: Exclude<PublicMethod, 'init'>, args: unknown[]): Promise<unknown> {
    if (!session || !channel) throw new ProvaError(MESSAGES.notInitialized, 'NOT_INITIALIZED');
    const spec = ACTIVITY_CALLS[method];
    const params = spec.toParams(...args);
    spec.check(params as Record<string, unknown> | undefined);
    if (spec.assessorOnly && !session.isAssessor) throw new ProvaError(assessorOnlyMessage(method), 'FORBIDDEN');
    // A change made with the focus in a text field is typing: the host may coalesce it (1.1.0).
    if (method === 'setData' && isTyping(windowOf(settings)?.document)) (params as { typing?: true }).typing = true;
    return channel.send(method, params, settings.timeoutMs);
  }

  const api =
    (method: Exclude<PublicMethod, 'init'>) =>
    (...args: unknown[]) =>
      call(method, args);
  return {
    init,
    setStatus: api('setStatus'),
    setData: api('setData'),
    setPending: api('setPending'),
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

// ---- The channel to the host: request ids, promise replies, time-outs.

interface Channel {
  send(method: Method, params: unknown, timeoutMs: number): Promise<unknown>;
}

interface Pending {
  method: Method;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

const windowOf = (settings: ProvaActivityOptions) => settings.window ?? (globalThis as { window?: WindowLike }).window;

async function openChannel(settings: typeof DEFAULTS & ProvaActivityOptions): Promise<Channel> {
  const win = windowOf(settings);
  const parent = win?.parent;
  if (!win || !parent || (parent as unknown) === win) throw new ProvaError(MESSAGES.notInIframe, 'NOT_IN_IFRAME');
  const hostOrigin = findHostOrigin(win, settings.hostOrigin);

  const prefix = Math.random().toString(36).slice(2, 10);
  let count = 0;
  const pending = new Map<string, Pending>();

  win.addEventListener('message', (message: MessageEventLike) => {
    if (message.source !== parent || message.origin !== hostOrigin) return;
    const parsed = readHostMessage(message.data);
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
        reject(
          new ProvaError(silent ? MESSAGES.hostSilent : `The Prova host did not answer ${method} in time`, silent ? 'NO_HOST' : 'TIMEOUT'),
        );
      }, timeoutMs);
      pending.set(id, {
        method,
        resolve: (result) => (stop(), resolve(result)),
        reject: (error) => (stop(), reject(error)),
      });
      post(parent!, message);
    });
  }

  const answer = await send('handshake', { protocol: PROTOCOL_VERSION }, settings.handshakeTimeoutMs, settings.handshakeIntervalMs);
  if ((answer as { protocol?: unknown } | null)?.protocol !== PROTOCOL_VERSION) {
    throw new ProvaError('Invalid answer from the Prova host to handshake', 'INVALID_RESPONSE');
  }
  return { send };
}

/** ?provaHost= wins; the referrer's origin is the fallback; anything unusable is an error. */
function findHostOrigin(win: WindowLike, explicit?: string): string {
  const candidate = explicit ?? new URLSearchParams(win.location.search).get(HOST_ORIGIN_PARAM) ?? win.document?.referrer ?? '';
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
