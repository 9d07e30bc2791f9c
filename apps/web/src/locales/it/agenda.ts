// Imported by the modules that show the 'agenda' namespace: its Italian texts come with their chunk (lib/i18n.ts).
import { addTexts } from '@/lib/i18n';
import texts from './agenda.json';

addTexts('agenda', { it: texts });
