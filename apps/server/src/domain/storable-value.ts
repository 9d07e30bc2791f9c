import { JSON_MAX_DEPTH } from '@prova/contract/limits';

export interface Unstorable {
  /** Where, from the value's root: keys and list positions. */
  path: (string | number)[];
  message: string;
}

const NUL = 'contains a NUL character';
const TOO_DEEP = `nested deeper than ${JSON_MAX_DEPTH} levels`;

/**
 * Two rules for any value the server keeps, sent in a request or imported in a bundle:
 * - no text (nor key) holds a NUL character: PostgreSQL cannot store it (SQLite would: both now answer alike);
 * - it nests at most JSON_MAX_DEPTH levels: deeper ones would overflow the stack of whatever walks them
 *   next (JSON.stringify of progress data or of a campaign's layout, for two).
 * The first place that breaks one; null when none does. Every request's path, query and body go through here, so a
 * value that keeps the rules is walked without allocating anything; the walk goes no deeper than the limit.
 */
export function findUnstorable(root: unknown): Unstorable | null {
  return walk(root, 0);
}

/** The problem in `value`, its path (built on the way back, only then) relative to `value`. */
function walk(value: unknown, depth: number): Unstorable | null {
  if (typeof value === 'string') return value.includes('\u0000') ? { path: [], message: NUL } : null;
  if (value === null || typeof value !== 'object') return null;
  // Bytes (an uploaded zip) are not a value kept as they are: what is read from them is checked then.
  if (ArrayBuffer.isView(value)) return null;
  if (depth >= JSON_MAX_DEPTH) return { path: [], message: TOO_DEEP };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = walk(value[i], depth + 1);
      if (problem) return within(i, problem);
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000')) return { path: [], message: NUL };
    const problem = walk((value as Record<string, unknown>)[key], depth + 1);
    if (problem) return within(key, problem);
  }
  return null;
}

function within(key: string | number, problem: Unstorable): Unstorable {
  problem.path.unshift(key);
  return problem;
}
