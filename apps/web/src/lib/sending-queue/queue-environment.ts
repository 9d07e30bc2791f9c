/** The parts of the browser the queue depends on; tests pass a fake. */
export interface QueueEnvironment {
  isOnline(): boolean;
  /** Listens to connectivity and page unload; returns the function that stops listening. */
  listen(handlers: { online(): void; offline(): void; pageHide(): void }): () => void;
  /** navigator.sendBeacon, when the browser has it. */
  sendBeacon?: (url: string, body: Blob) => boolean;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Read at call time, so vitest fake timers installed after the queue was created still apply. */
export const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
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
  };
}
