// Imported by the modules that show the 'password' namespace: its Italian texts come with their chunk (lib/i18n.ts).
import { addTexts } from '@/lib/i18n';
import texts from './password.json';

addTexts('password', { it: texts });
