import { DEFAULT_LANG, UI_LANG, type LangCode } from '@prova/contract/limits';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import itReport from '@prova/contract/locales/it/report.json';
import it from '../locales/it/translation.json';

const UI_LANGS = ['it', 'en', 'es'] as const;
export type UiLang = (typeof UI_LANGS)[number];
export const DEFAULT_UI_LANG: UiLang = UI_LANG[DEFAULT_LANG];

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
  resources: { [DEFAULT_UI_LANG]: { translation: it, report: itReport } },
  lng: DEFAULT_UI_LANG,
  fallbackLng: DEFAULT_UI_LANG,
  supportedLngs: UI_LANGS,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
});

/**
 * Adds a screen's namespace in the languages given, each once: imported by the screen's own modules, so that the texts
 * come with its chunk and are there before it renders (the sign-in page carries only the shell's 'translation'
 * namespace). A screen's English and Spanish usually come with those languages' chunks (locales/en/index.ts), fetched
 * before the interface changes to them, or through lazyNamespace.
 */
export function addTexts(ns: string, byLang: Partial<Record<UiLang, object>>) {
  for (const [lang, texts] of Object.entries(byLang)) if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, texts);
}

/**
 * A namespace whose texts in some languages are chunks of their own: `load(lang)` makes them available, fetched once
 * (a failed fetch is tried again on the next call); a language it has no chunk for, or already holds, is there.
 */
export function lazyNamespace(ns: string, chunks: Partial<Record<UiLang, () => Promise<Record<string, object>>>>) {
  const loading = new Map<UiLang, Promise<void>>();
  return (lang: UiLang): Promise<void> => {
    const fetchTexts = chunks[lang];
    if (!fetchTexts || i18n.hasResourceBundle(lang, ns)) return Promise.resolve();
    let pending = loading.get(lang);
    if (!pending) {
      pending = fetchTexts().then(
        (bundles) => {
          // The namespace itself last: once it is there, the language counts as loaded.
          for (const [name, texts] of Object.entries(bundles)) if (name !== ns) i18n.addResourceBundle(lang, name, texts);
          i18n.addResourceBundle(lang, ns, bundles[ns]);
        },
        (error: unknown) => {
          loading.delete(lang);
          throw error;
        },
      );
      loading.set(lang, pending);
    }
    return pending;
  };
}

/**
 * Makes the interface texts of `lang` available, the report's with them (shared with the server, which writes the same
 * words into the PDF). Only the default language comes with the app (it is the sign-in page's); the others are chunks
 * of their own, fetched when the interface changes to them (docs/performance.md, "Front-end budgets").
 */
export const loadUiLang = lazyNamespace('translation', { en: () => import('../locales/en'), es: () => import('../locales/es') });

let wanted: UiLang = DEFAULT_UI_LANG;

/**
 * Switches the interface to `lang` once its texts are in (until then it stays in the current language). The last call
 * wins; should the texts not arrive (offline), the interface stays as it is, and the next call tries again.
 */
export function setUiLang(lang: UiLang) {
  wanted = lang;
  loadUiLang(lang).then(
    () => {
      if (wanted === lang && i18n.language !== lang) void i18n.changeLanguage(lang);
    },
    () => undefined,
  );
}

export { i18n };
