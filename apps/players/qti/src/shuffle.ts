import { seededRandom } from '@prova/measurement/irt/prng';
// Shuffled choices (`shuffle="true"`) in an order decided once per attempt: seeded by the attempt's seed (kept in
// the saved QtiProgress), so a reload and another device show the candidate the same order, and another candidate
// (or a repeat, which starts a progress of its own) another one. Choices with `fixed="true"` keep their place.
//
// qti-components has `shuffleInteractions()` in its transformer, but only its `load()` runs it, with Math.random
// (a new order on every render), and it misplaces fixed choices next to each other; this runs through the same
// transformer's `fn()` hook on the item's XML, over the same interactions and choices, before it becomes HTML.

/** The choices each interaction shuffles (as the QTI 3 spec lists them for `shuffle`). */
const CHOICES: Record<string, readonly string[]> = {
  'qti-choice-interaction': ['qti-simple-choice'],
  'qti-order-interaction': ['qti-simple-choice'],
  'qti-inline-choice-interaction': ['qti-inline-choice'],
  'qti-associate-interaction': ['qti-simple-associable-choice'],
  'qti-gap-match-interaction': ['qti-gap-text', 'qti-gap-img'],
  // Each of the two sets is shuffled on its own.
  'qti-match-interaction': ['qti-simple-associable-choice'],
};

/** A new attempt's seed: random, so two candidates of the same test do not share an order. */
export function newSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The movable choices in a new order, never the one written when there is another (as qti-components does). */
function permuted<T>(movable: T[], random: () => number): T[] {
  const order = [...movable];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as T, order[i] as T];
  }
  if (order.length > 1 && order.every((choice, i) => choice === movable[i])) order.push(order.shift() as T);
  return order;
}

function shuffleGroup(parent: Element, names: readonly string[], random: () => number) {
  const choices = Array.from(parent.children).filter((child) => names.includes(child.localName));
  const movable = choices.filter((choice) => choice.getAttribute('fixed') !== 'true');
  if (movable.length < 2) return;
  const order = permuted(movable, random);
  let next = 0;
  const placed = choices.map((choice) => (choice.getAttribute('fixed') === 'true' ? choice : (order[next++] as Element)));
  // A marker holds each choice's place while the choices move (text and prompts between them stay where they are).
  const markers = choices.map((choice) => parent.insertBefore(parent.ownerDocument.createComment(''), choice));
  markers.forEach((marker, i) => parent.replaceChild(placed[i] as Element, marker));
}

/**
 * Reorders, in the item's XML, the choices of every interaction that says `shuffle="true"`, by `key` (the
 * attempt's seed and the item's identifier), and takes the attribute off so nothing shuffles them again.
 */
export function shuffleChoices(item: Document, key: string) {
  for (const interaction of Array.from(item.querySelectorAll('[shuffle="true"]'))) {
    const names = CHOICES[interaction.localName];
    if (!names) continue;
    const groups =
      interaction.localName === 'qti-match-interaction'
        ? Array.from(interaction.children).filter((child) => child.localName === 'qti-simple-match-set')
        : [interaction];
    const response = interaction.getAttribute('response-identifier') ?? '';
    groups.forEach((group, i) => shuffleGroup(group, names, seededRandom(`${key}\n${response}\n${i}`)));
    interaction.removeAttribute('shuffle');
  }
}
