import { JSON_MAX_DEPTH } from '@prova/contract/limits';

export interface Unstorable {
  /** Where, from the value's root: keys and list positions. */
  path: (string | number)[];
  message: string;
}

/** A value met on the walk, with the way back to the root (paths are built only for a value that breaks a rule). */
interface Visit {
  value: unknown;
  key: string | number;
  parent: Visit | undefined;
  depth: number;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let v: Visit = visit; v.parent; v = v.parent) path.push(v.key);
  return path.reverse();
}

const NUL = 'contains a NUL character';

/** Texts and objects can break a rule; numbers, booleans and null cannot. */
const mayBreak = (value: unknown) => typeof value === 'string' || (value !== null && typeof value === 'object');

/**
 * Two rules for any value the server keeps, sent in a request or imported in a bundle:
 * - no text (nor key) holds a NUL character: PostgreSQL cannot store it (SQLite would: both now answer alike);
 * - it nests at most JSON_MAX_DEPTH levels: deeper ones would overflow the stack of whatever walks them
 *   next (JSON.stringify of progress data or of a campaign's layout, for two).
 * The first place that breaks one, found without recursion; null when none does. Every request's path,
 * query and body go through here, so it allocates a small record for each text or object in them, and a path only for a
 * value that breaks a rule.
 */
export function findUnstorable(root: unknown): Unstorable | null {
  const stack: Visit[] = [{ value: root, key: '', parent: undefined, depth: 0 }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value, depth } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path: pathOf(visit), message: NUL };
    } else if (value !== null && typeof value === 'object') {
      if (depth >= JSON_MAX_DEPTH) return { path: pathOf(visit), message: `nested deeper than ${JSON_MAX_DEPTH} levels` };
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          if (mayBreak(value[i])) stack.push({ value: value[i], key: i, parent: visit, depth: depth + 1 });
        }
      } else {
        for (const key of Object.keys(value)) {
          if (key.includes('\u0000')) return { path: pathOf(visit), message: NUL };
          const child = (value as Record<string, unknown>)[key];
          if (mayBreak(child)) stack.push({ value: child, key, parent: visit, depth: depth + 1 });
        }
      }
    }
  }
  return null;
}
