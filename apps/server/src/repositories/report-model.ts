import { type BundleModel, bundleModelSchema } from '@prova/contract/bundle';
import { readColumn } from './json-column-readers';

/** Models kept parsed: a few campaigns' reports are read at a time. */
const KEPT = 50;
const parsed = new Map<string, BundleModel>();
const EMPTY = bundleModelSchema.parse({});

/** Freezes a parsed model all through: it is shared by every report of its campaign, and nothing may change it. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * A campaign's report model (its `model` column), parsed and checked once per text: reading and checking a
 * 50-marker model costs about as much as computing a report from it, and every report of the campaign reads
 * the same one. A model that does not parse reads as the empty model.
 */
export function reportModelOf(text: string | null): BundleModel {
  const key = text ?? '';
  let model = parsed.get(key);
  if (!model) {
    model = deepFreeze(readColumn(bundleModelSchema, text, EMPTY));
    if (parsed.size >= KEPT) parsed.clear();
    parsed.set(key, model);
  }
  return model;
}
