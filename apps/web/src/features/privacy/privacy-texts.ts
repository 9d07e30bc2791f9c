import { addTexts } from '@/lib/i18n';
import en from '@/locales/en/privacy.json';
import es from '@/locales/es/privacy.json';
import it from '@/locales/it/privacy.json';

// The privacy page's texts are a namespace of their own ('privacy'), shipped with its chunk: the sign-in page
// carries only the 'translation' namespace (docs/performance.md, "Front-end budgets").
addTexts('privacy', { it, en, es });
