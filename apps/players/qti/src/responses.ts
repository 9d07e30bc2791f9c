// Responses as the player saves them (QtiProgress, packages/contract/src/content.ts): single cardinality a
// string, multiple and ordered a list of strings, null for no response. qti-components reports a
// single-cardinality value as a string and the others as arrays of strings ("A B" for pairs), but an
// interaction may report an empty string, an empty list or a number: those are brought to the same shape.
import type { QtiResponseValue } from '@prova/contract/content';

export type Cardinality = 'single' | 'multiple' | 'ordered' | 'record';

/** The item's response variables and their cardinality, from its qti-response-declaration elements. */
export function responseDeclarations(itemXml: Document): Map<string, Cardinality> {
  const declarations = new Map<string, Cardinality>();
  for (const node of Array.from(itemXml.getElementsByTagName('qti-response-declaration'))) {
    const id = node.getAttribute('identifier');
    if (id) declarations.set(id, (node.getAttribute('cardinality') as Cardinality | null) ?? 'single');
  }
  return declarations;
}

function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value);
  return s.trim() === '' ? null : s;
}

/** A value reported by an interaction, in the saved encoding. */
export function encodeResponse(value: unknown, cardinality: Cardinality): QtiResponseValue {
  if (cardinality === 'single') return text(Array.isArray(value) ? value[0] : value);
  const list = (Array.isArray(value) ? value : [value]).map(text).filter((v): v is string => v !== null);
  return list.length ? list : null;
}

/** Whether a saved response counts as given. */
export function isGiven(value: QtiResponseValue | undefined): boolean {
  return Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value !== '';
}
