import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts, isUiLang, lazyNamespace } from '@/lib/i18n';
import it from '@/locales/it/console.json';

// The console's texts are a namespace of their own ('console'), shipped with the console's chunk: only staff open it,
// so candidates' phones never download them (the sign-in page carries the Italian 'translation' namespace,
// docs/performance.md, "Front-end budgets"). Italian comes with it; English and Spanish are chunks of their own,
// fetched for a console shown in them, so an Italian console does not carry the other two.
addTexts('console', { it });

/** Makes the console's texts in `lang` available. */
export const loadConsoleTexts = lazyNamespace('console', {
  en: () => import('@/locales/en/console.json').then((texts) => ({ console: texts.default })),
  es: () => import('@/locales/es/console.json').then((texts) => ({ console: texts.default })),
});

/**
 * Whether the console can show its texts in the interface's language: false while they are fetched. Should they not
 * arrive (offline), the console is shown in Italian, the fallback, rather than waiting for ever.
 */
export function useConsoleTexts(): boolean {
  const { i18n: current } = useTranslation();
  const lang = current.language;
  const [settled, setSettled] = useState<string>();
  const ready = !isUiLang(lang) || current.hasResourceBundle(lang, 'console') || settled === lang;
  useEffect(() => {
    if (ready || !isUiLang(lang)) return;
    const done = () => setSettled(lang);
    loadConsoleTexts(lang).then(done, done);
  }, [lang, ready]);
  return ready;
}
