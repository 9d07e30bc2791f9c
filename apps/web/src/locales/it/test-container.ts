// Imported by the modules that show the 'testContainer' namespace: its Italian texts come with their chunk (lib/i18n.ts).
import { addTexts } from '@/lib/i18n';
import texts from './test-container.json';

addTexts('testContainer', { it: texts });
