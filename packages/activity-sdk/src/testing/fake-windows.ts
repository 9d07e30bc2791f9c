// A pair of fake windows joined like a page and its iframe, for tests in node: postMessage clones
// the message and delivers it on a later task with the sender's origin and window as source.
import type { MessageEventLike, WindowLike } from '../protocol';

type Listener = (event: MessageEventLike) => void;

export class FakeWindow implements WindowLike {
  readonly location: { search: string; origin: string };
  readonly document = { referrer: '' };
  parent: FakeWindow | null = null;
  /** The window whose code calls this window's postMessage (the other end of the pair). */
  peer: FakeWindow | null = null;
  /** Every message delivered to this window, for assertions. */
  readonly received: unknown[] = [];
  /** Set it to observe the `prova:<name>` events the SDK dispatches. */
  dispatchEvent?: (event: Event) => boolean;
  private readonly listeners = new Set<Listener>();

  constructor(origin: string, search = '') {
    this.location = { origin, search };
  }

  addEventListener(_type: 'message', listener: Listener): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'message', listener: Listener): void {
    this.listeners.delete(listener);
  }

  /** Like a browser: a target origin that does not match this window drops the message silently. */
  postMessage(message: unknown, targetOrigin: string): void {
    if (targetOrigin !== '*' && targetOrigin !== this.location.origin) return;
    const sender = this.peer ?? this;
    this.deliver(message, sender.location.origin, sender);
  }

  /** Delivers a message as if from any origin and window (to test the filters). */
  deliver(message: unknown, origin: string, source: unknown): void {
    const data = structuredClone(message);
    setTimeout(() => {
      this.received.push(data);
      for (const listener of this.listeners) listener({ data, origin, source });
    }, 0);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}

export interface WindowPair {
  host: FakeWindow;
  activity: FakeWindow;
  iframe: { contentWindow: FakeWindow };
}

export function createWindowPair({
  hostOrigin = 'https://prova.example',
  activityOrigin = 'https://activities.example',
  activitySearch,
}: { hostOrigin?: string; activityOrigin?: string; activitySearch?: string } = {}): WindowPair {
  const host = new FakeWindow(hostOrigin);
  const activity = new FakeWindow(activityOrigin, activitySearch ?? `?provaHost=${encodeURIComponent(hostOrigin)}`);
  host.parent = host;
  activity.parent = host;
  host.peer = activity;
  activity.peer = host;
  return { host, activity, iframe: { contentWindow: activity } };
}

/** Lets every pending delivery run. */
export function settle(ms = 5): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
