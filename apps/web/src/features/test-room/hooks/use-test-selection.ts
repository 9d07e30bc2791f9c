import { HOVER_SELECT_DELAY_MS } from '@prova/contract/limits';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The test whose details the room shows (test selection): chosen on hover or
 * keyboard focus after a short delay (100 ms), so sweeping the pointer across
 * the list does not flicker. Escape clears it; the room clears it when the pointer leaves.
 */
export function useTestSelection(delayMs: number = HOVER_SELECT_DELAY_MS) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const cancel = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const selectSoon = useCallback(
    (id: number) => {
      cancel();
      timer.current = window.setTimeout(() => setSelectedId(id), delayMs);
    },
    [cancel, delayMs],
  );

  const clear = useCallback(() => {
    cancel();
    setSelectedId(null);
  }, [cancel]);

  useEffect(() => cancel, [cancel]);

  // Escape anywhere clears the selection, unless a popover already used the key.
  useEffect(() => {
    if (selectedId === null) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) clear();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [selectedId, clear]);

  return { selectedId, selectSoon, cancel, clear };
}
