// Imported by the modules that show the 'sso' namespace: its Italian texts come with their chunk (lib/i18n.ts).
import { addItalianTexts } from '@/lib/i18n';
import texts from './sso.json';

addItalianTexts('sso', texts);
