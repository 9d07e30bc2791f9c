// Imported by the modules that show the 'feedback360' namespace: its Italian texts come with their chunk (lib/i18n.ts).
import { addTexts } from '@/lib/i18n';
import texts from './feedback360.json';

addTexts('feedback360', { it: texts });
