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

/**
 * `derive` of a JSON text column, worked out once per distinct text and remembered (up to `size` texts):
 * a test's settings are read on every save, and they seldom change. `derive` must be pure, and what it
 * answers is shared: never changed by callers.
 */
export function derivedFromJson<T>(derive: (text: string) => T, size = 256): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    if (known.has(text)) return known.get(text) as T;
    const value = derive(text);
    if (known.size >= size) known.clear();
    known.set(text, value);
    return value;
  };
}
