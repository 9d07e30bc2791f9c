import { JSON_MAX_DEPTH } from '@prova/contract/limits';

export interface Unstorable {
  /** Where, from the value's root: keys and list positions. */
  path: (string | number)[];
  message: string;
}

/**
 * Two rules for any value the server keeps, sent in a request or imported in a bundle:
 * - no text (nor key) holds a NUL character: PostgreSQL cannot store it (SQLite would: both now answer alike);
 * - it nests at most JSON_MAX_DEPTH levels: deeper ones would overflow the stack of whatever walks them
 *   next (JSON.stringify of progress data or of a campaign's layout, for two).
 * The first place that breaks one, found without recursion; null when none does.
 */
export function findUnstorable(root: unknown): Unstorable | null {
  const stack: [unknown, (string | number)[]][] = [[root, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path, message: 'contains a NUL character' };
    } else if (value !== null && typeof value === 'object') {
      if (path.length >= JSON_MAX_DEPTH) return { path, message: `nested deeper than ${JSON_MAX_DEPTH} levels` };
      const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, k) => [k, v]) : Object.entries(value);
      for (const [key, child] of entries) {
        if (typeof key === 'string' && key.includes('\u0000')) return { path, message: 'contains a NUL character' };
        stack.push([child, [...path, key]]);
      }
    }
  }
  return null;
}
