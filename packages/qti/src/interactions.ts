import type { Element } from '@xmldom/xmldom';
import { descendants, localName } from './xml';

// What the platform's player (apps/players, rendering with @citolab/qti-components) delivers. An item with any
// other interaction is refused at import, so no candidate meets an item they cannot answer.

/** The interactions the player delivers (QTI 3 element names). */
export const SUPPORTED_INTERACTIONS = [
  'qti-choice-interaction',
  'qti-text-entry-interaction',
  'qti-extended-text-interaction',
  'qti-inline-choice-interaction',
  'qti-order-interaction',
  'qti-match-interaction',
  'qti-associate-interaction',
  'qti-gap-match-interaction',
  'qti-hottext-interaction',
  'qti-slider-interaction',
  'qti-hotspot-interaction',
] as const;

const supported = new Set<string>(SUPPORTED_INTERACTIONS);
const supportedList = SUPPORTED_INTERACTIONS.map((name) => name.replace(/^qti-|-interaction$/g, '')).join(', ');

/** Every interaction of an item body, in document order (any element named `qti-...-interaction`). */
export const interactionsOf = (root: Element) => descendants(root).filter((el) => /^qti-[a-z-]+-interaction$/.test(localName(el)));

export function checkInteractions(path: string, root: Element, declared: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const interaction of interactionsOf(root)) {
    const name = localName(interaction);
    if (!supported.has(name)) {
      problems.push(`${path}: ${name}: not supported by the platform's player (supported: ${supportedList})`);
      continue;
    }
    const response = interaction.getAttribute('response-identifier');
    if (!response) problems.push(`${path}: ${name}: no response-identifier`);
    else if (!declared.has(response)) {
      problems.push(`${path}: ${name}: response-identifier "${response}" has no qti-response-declaration`);
    }
  }
  return problems;
}
