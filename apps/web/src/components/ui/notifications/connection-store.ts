import { useSyncExternalStore } from 'react';

/** A problem reaching the server that stops what the person asked for. */
export type ConnectionProblem = 'offline' | 'timeout' | 'failed';

// Not a toast: the problem stays in view until a request goes through, the browser is back online,
// or the person closes it (issue: blocking messages never disappear by themselves).
let current: ConnectionProblem | null = null;
const listeners = new Set<() => void>();

function set(problem: ConnectionProblem | null) {
  if (current === problem) return;
  current = problem;
  for (const listener of listeners) listener();
}

export const reportConnectionProblem = (problem: ConnectionProblem) => set(problem);
export const clearConnectionProblem = () => set(null);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnectionProblem(): ConnectionProblem | null {
  // The same snapshot when rendered at build time (the prerendered sign-in page): none.
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
