import { describe, expect, it } from 'vitest';
import en from '@/locales/en/console.json';
import es from '@/locales/es/console.json';
import it_ from '@/locales/it/console.json';

// The console's texts (their own namespace, src/locales/*/console.json): every key in the three
// languages, with the same interpolation variables, none empty.
function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      for (const [k, v] of flatten(inner, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}
const variables = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]))].sort();
const italian = flatten(it_);

describe.each([
  ['English', flatten(en)],
  ['Spanish', flatten(es)],
])('%s console texts', (_name, other) => {
  it('have every key the Italian ones have, and no other', () => {
    expect([...other.keys()].sort()).toEqual([...italian.keys()].sort());
  });

  it('use the same interpolation variables and leave no text empty', () => {
    for (const [key, text] of italian) {
      const translated = other.get(key) ?? '';
      expect(variables(translated), key).toEqual(variables(text));
      expect(translated.trim(), key).not.toBe('');
    }
  });
});

describe('Italian console texts', () => {
  it('plural keys come in pairs', () => {
    for (const key of italian.keys()) {
      if (key.endsWith('_one')) expect(italian.has(key.replace(/_one$/, '_other')), key).toBe(true);
      if (key.endsWith('_other')) expect(italian.has(key.replace(/_other$/, '_one')), key).toBe(true);
    }
  });
});
