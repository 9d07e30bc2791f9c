import { DEFAULT_LANG, LANGS, type LangCode } from '@prova/contract/limits';
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

/**
 * As localize, and which language the text picked is in (the default language for a text that names none): a page
 * can then say the text is not in the person's language, and mark its language for screen readers.
 */
export function localizeWithLang(stored: string | null | undefined, lang: LangCode): { text: string; lang: LangCode } {
  const value = stored == null || stored === '' ? '' : parseJson<unknown>(stored, stored);
  if (value == null || typeof value !== 'object') return { text: pickLang(value, lang), lang: DEFAULT_LANG };
  const texts = value as Record<string, unknown>;
  const found = [lang, DEFAULT_LANG, ...Object.keys(texts)].find((code) => typeof texts[code] === 'string' && texts[code] !== '');
  if (found === undefined) return { text: '', lang: DEFAULT_LANG };
  return { text: texts[found] as string, lang: (LANGS as readonly string[]).includes(found) ? (found as LangCode) : DEFAULT_LANG };
}
