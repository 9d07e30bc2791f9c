// Imported by the modules that show the 'assessor' namespace: its Italian texts come with their chunk (lib/i18n.ts).
import { addTexts } from '@/lib/i18n';
import texts from './assessor.json';

addTexts('assessor', { it: texts });
