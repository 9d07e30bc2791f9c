import { i18n } from '@/lib/i18n';
import en from '@/locales/en/console.json';
import es from '@/locales/es/console.json';
import it from '@/locales/it/console.json';

// The console's texts are a namespace of their own ('console'), shipped with the console's chunk:
// only staff open it, so candidates' phones never download them (the sign-in page carries the
// Italian 'translation' namespace, docs/performance.md, "Front-end budgets").
for (const [lang, texts] of [
  ['it', it],
  ['en', en],
  ['es', es],
] as const) {
  if (!i18n.hasResourceBundle(lang, 'console')) i18n.addResourceBundle(lang, 'console', texts);
}
