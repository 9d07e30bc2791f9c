// Imported by the modules that show the 'challenge' namespace: its Italian texts come with their chunk (lib/i18n.ts).
import { addItalianTexts } from '@/lib/i18n';
import texts from './challenge.json';

addItalianTexts('challenge', texts);
