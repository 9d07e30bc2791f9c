import { useSyncExternalStore } from 'react';

/**
 * The "current test": the test the candidate chose in the room (start page /start)
 * and that the test container (/test) runs. Persisted in sessionStorage so a reload
 * of /start or /test keeps it; cleared when the tab closes.
 *
 * API (shared with the test container):
 *   getCurrentTestId(): number | null
 *   setCurrentTestId(id: number | null): void
 *   useCurrentTestId(): number | null   (re-renders on change, also across tabs' storage events)
 */

const STORAGE_KEY = 'prova.currentTest';

type Listener = () => void;
const listeners = new Set<Listener>();

function readStorage(): number | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { testId?: unknown } | null;
    const id = parsed?.testId;
    return typeof id === 'number' && Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

let current: number | null = readStorage();

export function getCurrentTestId(): number | null {
  return current;
}

export function setCurrentTestId(id: number | null): void {
  current = id;
  try {
    if (id === null) globalThis.sessionStorage?.removeItem(STORAGE_KEY);
    else globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify({ testId: id }));
  } catch {
    // storage unavailable (private mode, quota): keep the in-memory value
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useCurrentTestId(): number | null {
  return useSyncExternalStore(subscribe, getCurrentTestId, getCurrentTestId);
}
