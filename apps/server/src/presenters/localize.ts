import { DEFAULT_LANG } from '@prova/contract/limits';
import { type Gender, genderedText } from '@prova/contract/gendered-text';
import { parseJson } from '../db/json-column';

/**
 * Resolves a stored localized text (JSON of a string or of `{ IT_it: ..., EN_en: ... }`) to one
 * language: the one asked for, else Italian, else the first given (docs/bundle-format.md). Its
 * `[[male|female|neutral]]` words follow `gender`, the person the text speaks to or about (neutral when unknown).
 */
export function localize(stored: string | null | undefined, lang: string, gender?: Gender): string {
  if (stored == null || stored === '') return '';
  // A plain text that is not JSON is its own translation.
  return pickLang(parseJson<unknown>(stored, stored), lang, gender);
}

export function pickLang(value: unknown, lang: string, gender?: Gender): string {
  if (value == null) return '';
  if (typeof value === 'string') return genderedText(value, gender);
  if (typeof value !== 'object') return String(value);
  const texts = value as Record<string, unknown>;
  const chosen = texts[lang] ?? texts[DEFAULT_LANG] ?? Object.values(texts)[0];
  return typeof chosen === 'string' ? genderedText(chosen, gender) : '';
}
