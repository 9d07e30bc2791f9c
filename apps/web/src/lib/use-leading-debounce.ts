import { FORM_DEBOUNCE_MS } from '@prova/contract/limits';
import { useCallback, useRef } from 'react';

/**
 * Runs the first call at once and ignores the calls that follow within `waitMs`
 * (forms are debounced by 200 ms, so a double click submits once).
 */
export function useLeadingDebounce<Args extends unknown[]>(fn: (...args: Args) => void, waitMs = FORM_DEBOUNCE_MS) {
  const last = useRef(0);
  const fnRef = useRef(fn);
  fnRef.current = fn;
  return useCallback(
    (...args: Args) => {
      const now = Date.now();
      if (now - last.current < waitMs) return;
      last.current = now;
      fnRef.current(...args);
    },
    [waitMs],
  );
}
