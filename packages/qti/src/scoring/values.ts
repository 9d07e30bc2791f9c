import type { Atom, BaseType, Cardinality, QtiValue } from './model';

// QTI values: reading one from its text (the XML's, or a candidate's response as the player saves it),
// comparing two, and the NULL rule (empty containers and empty strings are NULL).

const INTEGER = /^[+-]?\d+$/;
const FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The atom a text stands for in a base type; undefined when it is not one. */
export function parseAtom(baseType: BaseType, text: string): Atom | undefined {
  switch (baseType) {
    case 'integer':
      return INTEGER.test(text.trim()) ? Number(text.trim()) : undefined;
    case 'float': {
      const t = text.trim();
      if (t === 'INF') return Infinity;
      if (t === '-INF') return -Infinity;
      return FLOAT.test(t) ? Number(t) : undefined;
    }
    case 'boolean': {
      const t = text.trim();
      return t === 'true' || t === '1' ? true : t === 'false' || t === '0' ? false : undefined;
    }
    case 'point': {
      const parts = text.trim().split(/\s+/);
      if (parts.length !== 2 || !parts.every((p) => FLOAT.test(p))) return undefined;
      return [Number(parts[0]), Number(parts[1])];
    }
    case 'pair':
    case 'directedPair': {
      const parts = text.trim().split(/\s+/);
      return parts.length === 2 && parts[0] && parts[1] ? [parts[0], parts[1]] : undefined;
    }
    case 'identifier': {
      const t = text.trim();
      return t && !/\s/.test(t) ? t : undefined;
    }
    default:
      return text === '' ? undefined : text;
  }
}

export const isNumeric = (baseType: BaseType | null) => baseType === 'integer' || baseType === 'float';

/** Equality of two atoms of a base type: a pair is unordered, a directed pair is not. */
export function atomsEqual(baseType: BaseType, a: Atom, b: Atom, caseSensitive = true): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a[0] === b[0] && a[1] === b[1]) return true;
    return baseType === 'pair' && a[0] === b[1] && a[1] === b[0];
  }
  if (!caseSensitive && typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  return a === b;
}

/** NULL as QTI says: no value, an empty container, an empty string. */
export const isNull = (v: QtiValue): v is null => v === null || v.values.length === 0 || v.values[0] === '';

export const single = (baseType: BaseType, atom: Atom): QtiValue => ({ cardinality: 'single', baseType, values: [atom] });
export const container = (cardinality: Cardinality, baseType: BaseType, values: Atom[]): QtiValue =>
  values.length === 0 ? null : { cardinality, baseType, values };

/** Multisets (multiple), sequences (ordered) and single values compared as `qti-match` does. */
export function valuesMatch(a: QtiValue, b: QtiValue): boolean {
  if (isNull(a) || isNull(b)) return false;
  if (a.cardinality !== b.cardinality || a.values.length !== b.values.length) return false;
  const baseType = a.baseType;
  if (a.cardinality !== 'multiple') return a.values.every((atom, i) => atomsEqual(baseType, atom, b.values[i]));
  const left = [...b.values];
  for (const atom of a.values) {
    const at = left.findIndex((other) => atomsEqual(baseType, atom, other));
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}

/** How an outcome's value is written into the test's outcomes: numbers, booleans and strings as they are. */
export function outcomeScalar(v: QtiValue): number | string | boolean | null {
  if (isNull(v)) return null;
  const render = (atom: Atom) => (Array.isArray(atom) ? atom.join(' ') : typeof atom === 'number' ? Number(atom.toPrecision(12)) : atom);
  if (v.cardinality === 'single') return render(v.values[0]);
  return v.values.map((atom) => String(render(atom))).join(',');
}
