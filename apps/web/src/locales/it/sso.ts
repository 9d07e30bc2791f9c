// Imported by the modules that show the 'sso' namespace: its Italian texts come with their chunk (lib/i18n.ts).
import { addTexts } from '@/lib/i18n';
import texts from './sso.json';

addTexts('sso', { it: texts });
