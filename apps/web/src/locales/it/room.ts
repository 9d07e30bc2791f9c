// Imported by the modules that show the 'room' namespace: its Italian texts come with their chunk (lib/i18n.ts).
import { addTexts } from '@/lib/i18n';
import texts from './room.json';

addTexts('room', { it: texts });
