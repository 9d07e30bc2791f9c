// The interface texts in Spanish: a chunk of their own, fetched when the interface changes to this language (lib/i18n.ts).
// The screens' namespaces too, whose Italian comes with each screen's chunk (addTexts).
export { default as translation } from './translation.json';
export { default as report } from '@prova/contract/locales/es/report.json';
export { default as agenda } from './agenda.json';
export { default as challenge } from './challenge.json';
export { default as feedback360 } from './feedback360.json';
export { default as assessor } from './assessor.json';
export { default as room } from './room.json';
export { default as testContainer } from './test-container.json';
export { default as sso } from './sso.json';
export { default as password } from './password.json';
export { default as campaigns } from './campaigns.json';
