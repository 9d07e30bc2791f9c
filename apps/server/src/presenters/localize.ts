import { DEFAULT_LANG } from '@prova/contract/limits';
import { parseJson } from '../db/json-column';

/**
 * Resolves a stored localized text (JSON of a string or of `{ IT_it: ..., EN_en: ... }`) to one
 * language: the one asked for, else Italian, else the first given (docs/bundle-format.md).
 */
export function localize(stored: string | null | undefined, lang: string): string {
  if (stored == null || stored === '') return '';
  // A plain text that is not JSON is its own translation.
  return pickLang(parseJson<unknown>(stored, stored), lang);
}

export function pickLang(value: unknown, lang: string): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  if (typeof value !== 'object') return String(value);
  const texts = value as Record<string, unknown>;
  const chosen = texts[lang] ?? texts[DEFAULT_LANG] ?? Object.values(texts)[0];
  return typeof chosen === 'string' ? chosen : '';
}
