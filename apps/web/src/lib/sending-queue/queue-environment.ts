/** The parts of the browser the queue depends on; tests pass a fake. */
export interface QueueEnvironment {
  isOnline(): boolean;
  /** Listens to connectivity and page unload; returns the function that stops listening. */
  listen(handlers: { online(): void; offline(): void; pageHide(): void }): () => void;
  /** navigator.sendBeacon, when the browser has it. */
  sendBeacon?: (url: string, body: Blob) => boolean;
  /** This tab among the others of the browser, which share the queue's storage. */
  tab: TabEnvironment;
}

export interface TabEnvironment {
  /** The id this tab keeps in sessionStorage: a reload finds it again, a duplicated tab gets a copy of it. */
  savedId(): string | undefined;
  saveId(id: string): void;
  /**
   * Web Locks: takes the lock `name` when nobody holds it (`ifAvailable`) and keeps it until release()
   * or until the page is gone (closed, crashed, reloaded); undefined when it is held.
   * Absent where the browser has no navigator.locks (older browsers, plain-HTTP pages: it needs a secure context).
   */
  tryLock?: (name: string) => Promise<{ release(): void } | undefined>;
  /**
   * Tells the browser's other tabs that this one opened (claimed) a test, and hears theirs (a BroadcastChannel): a tab
   * with the test open learns at once that it is held elsewhere. Absent where the browser has none.
   */
  broadcast?: {
    tell(claim: WindowClaim): void;
    /** Returns the function that stops listening. */
    hear(listener: (claim: WindowClaim) => void): () => void;
  };
}

/** A window opened this test: it holds the attempt now (issue 54). */
export interface WindowClaim {
  campaignId: number;
  testId: number;
  userId: number;
  windowId: string;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Milliseconds since epoch (drafts' windows are kept across reloads). */
  now(): number;
}

/** Read at call time, so vitest fake timers installed after the queue was created still apply. */
export const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** `online`/`offline` on window; `pagehide` and `visibilitychange` to hidden count as unload. */
export function browserEnvironment(): QueueEnvironment {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    isOnline: () => nav?.onLine !== false,
    listen({ online, offline, pageHide }) {
      if (typeof window === 'undefined') return () => {};
      const onVisibility = () => {
        if (document.visibilityState === 'hidden') pageHide();
      };
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      window.addEventListener('pagehide', pageHide);
      document.addEventListener('visibilitychange', onVisibility);
      return () => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
        window.removeEventListener('pagehide', pageHide);
        document.removeEventListener('visibilitychange', onVisibility);
      };
    },
    sendBeacon: typeof nav?.sendBeacon === 'function' ? (url, body) => nav.sendBeacon(url, body) : undefined,
    tab: browserTab(
      nav?.locks as LockManager | undefined,
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(CLAIMS_CHANNEL) : undefined,
    ),
  };
}

const TAB_ID_KEY = 'prova.sendingQueueTab';
const CLAIMS_CHANNEL = 'prova.testClaims';

const isClaim = (value: unknown): value is WindowClaim => {
  const claim = value as Partial<WindowClaim> | null;
  return (
    typeof claim?.windowId === 'string' &&
    [claim.campaignId, claim.testId, claim.userId].every((id) => typeof id === 'number' && Number.isInteger(id))
  );
};

/** sessionStorage can be blocked (it throws then): each load takes a new id and adopts the last one's queue. */
function browserTab(locks: LockManager | undefined, channel: BroadcastChannel | undefined): TabEnvironment {
  return {
    broadcast: channel && {
      tell: (claim) => channel.postMessage(claim),
      hear(listener) {
        const onMessage = (event: MessageEvent) => isClaim(event.data) && listener(event.data);
        channel.addEventListener('message', onMessage);
        return () => channel.removeEventListener('message', onMessage);
      },
    },
    savedId() {
      try {
        return sessionStorage.getItem(TAB_ID_KEY) ?? undefined;
      } catch {
        return undefined;
      }
    },
    saveId(id) {
      try {
        sessionStorage.setItem(TAB_ID_KEY, id);
      } catch {
        // Blocked: see above.
      }
    },
    tryLock: locks
      ? (name) =>
          new Promise((resolve, reject) => {
            locks
              .request(name, { ifAvailable: true }, (lock) => {
                if (!lock) return resolve(undefined);
                // The lock is held while the callback's promise is pending.
                return new Promise<void>((release) => resolve({ release: () => release() }));
              })
              .catch(reject);
          })
      : undefined,
  };
}
