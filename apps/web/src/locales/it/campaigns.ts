// Imported by the modules that show the 'campaigns' namespace: its Italian texts come with their chunk (lib/i18n.ts).
import { addTexts } from '@/lib/i18n';
import texts from './campaigns.json';

addTexts('campaigns', { it: texts });
