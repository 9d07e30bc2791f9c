import { DEFAULT_LANG, LANGS, type LangCode } from '@prova/contract/limits';
import { type Gender, genderedText } from '@prova/contract/gendered-text';
import type { LocalizedText } from '@prova/contract/bundle';

/**
 * Resolves a localized text (as its repository reads it: repositories/json-column-readers.ts `storedText`) to one
 * language: the one asked for, else Italian, else the first given (docs/bundle-format.md). Its
 * `[[male|female|neutral]]` words follow `gender`, the person the text speaks to or about (neutral when unknown).
 */
export function localize(text: LocalizedText | null | undefined, lang: string, gender?: Gender): string {
  return pickLang(text, lang, gender);
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
export function localizeWithLang(
  text: LocalizedText | null | undefined,
  lang: LangCode,
  gender?: Gender,
): { text: string; lang: LangCode } {
  if (text == null) return { text: '', lang: DEFAULT_LANG };
  const found = chosenLang(text, lang);
  return {
    text: pickLang(text, lang, gender),
    lang: found !== undefined && (LANGS as readonly string[]).includes(found) ? (found as LangCode) : DEFAULT_LANG,
  };
}
