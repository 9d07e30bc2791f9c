/**
 * Structured values are kept as JSON text columns (see schema.ts): read one back, or `fallback` when
 * it is empty or not valid JSON.
 */
export function parseJson<T>(stored: string | null | undefined, fallback: T): T {
  if (stored == null || stored === '') return fallback;
  try {
    return JSON.parse(stored) as T;
  } catch {
    return fallback;
  }
}
