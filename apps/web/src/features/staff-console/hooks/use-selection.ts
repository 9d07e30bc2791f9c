import { useCallback, useMemo, useState } from 'react';

/** Rows ticked for a selection delete (spec §7): kept to those still listed, so a row that left is never sent. */
export function useSelection<Id extends string | number>(listed: readonly Id[]) {
  const [ticked, setTicked] = useState<ReadonlySet<Id>>(new Set());
  const selected = useMemo(() => listed.filter((id) => ticked.has(id)), [listed, ticked]);
  const toggle = useCallback(
    (id: Id, on: boolean) =>
      setTicked((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const setAll = useCallback((on: boolean) => setTicked(on ? new Set(listed) : new Set()), [listed]);
  const clear = useCallback(() => setTicked(new Set()), []);
  return {
    selected,
    isSelected: (id: Id) => ticked.has(id),
    toggle,
    setAll,
    clear,
    all: listed.length > 0 && selected.length === listed.length,
  };
}
