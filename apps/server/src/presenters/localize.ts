import { DEFAULT_LANG, LANGS, type LangCode } from '@prova/contract/limits';
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

/** Which of a text's languages is read in `lang`: that one, else Italian, else the first given; an empty one is missing. */
function chosenLang(texts: Record<string, unknown>, lang: string): string | undefined {
  return [lang, DEFAULT_LANG, ...Object.keys(texts)].find((code) => typeof texts[code] === 'string' && texts[code] !== '');
}

export function pickLang(value: unknown, lang: string, gender?: Gender): string {
  if (value == null) return '';
  if (typeof value === 'string') return genderedText(value, gender);
  if (typeof value !== 'object') return String(value);
  const texts = value as Record<string, unknown>;
  const chosen = chosenLang(texts, lang);
  return chosen === undefined ? '' : genderedText(texts[chosen] as string, gender);
}

/**
 * As localize, and which language the text picked is in (the default language for a text that names none): a page
 * can then say the text is not in the person's language, and mark its language for screen readers.
 */
export function localizeWithLang(stored: string | null | undefined, lang: LangCode, gender?: Gender): { text: string; lang: LangCode } {
  const value = stored == null || stored === '' ? '' : parseJson<unknown>(stored, stored);
  if (value == null || typeof value !== 'object') return { text: pickLang(value, lang, gender), lang: DEFAULT_LANG };
  const found = chosenLang(value as Record<string, unknown>, lang);
  const text = pickLang(value, lang, gender);
  return { text, lang: found !== undefined && (LANGS as readonly string[]).includes(found) ? (found as LangCode) : DEFAULT_LANG };
}
