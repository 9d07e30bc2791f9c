import { addTexts } from '@/lib/i18n';
import en from '@/locales/en/my-data.json';
import es from '@/locales/es/my-data.json';
import it from '@/locales/it/my-data.json';

// The account page's texts are a namespace of their own ('myData'), shipped with its chunk: the sign-in page
// carries only the 'translation' namespace (docs/performance.md, "Front-end budgets").
addTexts('myData', { it, en, es });
