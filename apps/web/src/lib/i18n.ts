import { DEFAULT_LANG, UI_LANG, type LangCode } from '@prova/contract/limits';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enReport from '@prova/contract/locales/en/report.json';
import esReport from '@prova/contract/locales/es/report.json';
import itReport from '@prova/contract/locales/it/report.json';
import en from '../locales/en/translation.json';
import es from '../locales/es/translation.json';
import it from '../locales/it/translation.json';

const UI_LANGS = ['it', 'en', 'es'] as const;
export type UiLang = (typeof UI_LANGS)[number];
export const DEFAULT_UI_LANG: UiLang = UI_LANG[DEFAULT_LANG];

// The report's texts are shared with the server, which writes the same words into the PDF.
export const resources = {
  it: { translation: it, report: itReport },
  en: { translation: en, report: enReport },
  es: { translation: es, report: esReport },
} as const;

export function isUiLang(value: string | undefined): value is UiLang {
  return (UI_LANGS as readonly string[]).includes(value ?? '');
}

/** Interface language for a campaign or user language code (IT_it -> it). */
export function uiLangFor(code: LangCode | null | undefined): UiLang | undefined {
  return code ? UI_LANG[code] : undefined;
}

function syncDocumentLang(lng: string) {
  // Also imported at build time, outside a browser, to prerender the sign-in page (src/prerender/login.tsx).
  if (typeof document === 'undefined') return;
  document.documentElement.lang = isUiLang(lng) ? lng : DEFAULT_UI_LANG;
}

i18n.on('languageChanged', syncDocumentLang);

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_UI_LANG,
  fallbackLng: DEFAULT_UI_LANG,
  supportedLngs: UI_LANGS,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

export function setUiLang(lang: UiLang) {
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
}

export { i18n };
