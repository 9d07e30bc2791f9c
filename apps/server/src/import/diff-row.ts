// Updates only what changed, so re-importing the same bundle writes nothing and reports it unchanged.

/** The fields of `next` whose values differ from `existing` (null and undefined count as equal). */
export function diffRow<T extends Record<string, unknown>>(existing: Record<string, unknown>, next: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T & string)[]) {
    if ((existing[key] ?? null) !== (next[key] ?? null)) changed[key] = next[key];
  }
  return changed;
}

export function isEmpty(patch: object): boolean {
  return Object.keys(patch).length === 0;
}
