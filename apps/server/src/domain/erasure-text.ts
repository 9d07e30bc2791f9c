// What of a person's free text an erasure rewrites: the places where it names them (issue 52). A plain function of
// the person's identifying words, so that every table's text is treated alike. Its limits are docs/privacy-erasure.md's:
// a nickname, an initial or a misspelling of the name is not recognised.

/** What an erasure writes where the person was named. */
export const ERASED_TEXT = '[erased]';

export interface IdentifyingWords {
  email: string;
  firstName: string;
  lastName: string;
}

/** Names shorter than this are not searched for in text: a one-letter name would rewrite every word that holds it. */
const MIN_NAME_LENGTH = 2;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern that finds the e-mail anywhere and each name as a whole word, in any case. */
export function identifyingPattern(words: IdentifyingWords): RegExp | null {
  const names = [words.firstName, words.lastName]
    .flatMap((name) => name.trim().split(/\s+/))
    .filter((name) => name.length >= MIN_NAME_LENGTH)
    .sort((a, b) => b.length - a.length)
    .map((name) => `(?<![\\p{L}\\p{N}])${escape(name)}(?![\\p{L}\\p{N}])`);
  const email = words.email.trim();
  const parts = [...(email ? [escape(email)] : []), ...names];
  return parts.length ? new RegExp(parts.join('|'), 'giu') : null;
}

function scrubValue(value: unknown, pattern: RegExp): unknown {
  if (typeof value === 'string') return value.replace(pattern, ERASED_TEXT);
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, pattern));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(pattern, ERASED_TEXT), scrubValue(v, pattern)]));
  return value;
}

/**
 * The text with every place that names the person replaced; JSON text stays valid JSON (its strings and keys
 * rewritten). Answers null when nothing changes, so that unchanged rows are not written.
 */
export function scrubText(text: string | null, pattern: RegExp | null): string | null {
  if (text === null || pattern === null) return null;
  pattern.lastIndex = 0;
  if (!new RegExp(pattern.source, 'iu').test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text.replace(pattern, ERASED_TEXT);
  }
  return typeof parsed === 'object' && parsed !== null ? JSON.stringify(scrubValue(parsed, pattern)) : text.replace(pattern, ERASED_TEXT);
}

/** Whether the text names the person (a whole file the erasure removes rather than rewrites). */
export function namesPerson(text: string | null, pattern: RegExp | null): boolean {
  return text !== null && pattern !== null && new RegExp(pattern.source, 'iu').test(text);
}
