// The interface texts in Spanish: a chunk of their own, fetched when the interface changes to this language (lib/i18n.ts).
export { default as translation } from './translation.json';
export { default as report } from '@prova/contract/locales/es/report.json';
