import { describe, expect, it } from 'vitest';
import { everyKind } from '@prova/qti/author/fixture';
import { writeAuthoredTest } from '@prova/qti/author/write';
import { newSeed, shuffleChoices } from './shuffle';

// Shuffled choices as the player shows them: the order an attempt's seed gives, the same every time for that
// seed, fixed choices in their place, and nothing reordered that the item does not say to shuffle.

const NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const itemOf = (body: string) =>
  new DOMParser().parseFromString(
    `<qti-assessment-item xmlns="${NS}" identifier="i"><qti-item-body>${body}</qti-item-body></qti-assessment-item>`,
    'application/xml',
  );
const choices = (names: string[], fixed: string[] = []) =>
  names.map((n) => `<qti-simple-choice identifier="${n}"${fixed.includes(n) ? ' fixed="true"' : ''}>${n}</qti-simple-choice>`).join('');
const choice = (shuffle: string, body: string, tag = 'qti-choice-interaction') =>
  itemOf(`<${tag} response-identifier="RESPONSE" shuffle="${shuffle}"><qti-prompt>Pick</qti-prompt>${body}</${tag}>`);
const ids = (doc: Document, selector: string) => Array.from(doc.querySelectorAll(selector), (el) => el.getAttribute('identifier'));
const shuffled = (xml: () => Document, key: string, selector = 'qti-simple-choice') => {
  const doc = xml();
  shuffleChoices(doc, key);
  return ids(doc, selector);
};
const KEYS = Array.from({ length: 30 }, (_, i) => `seed-${i}\nitem`);

describe('shuffled choices', () => {
  const item = () => choice('true', choices(['A', 'B', 'C', 'D'], ['D']));

  it('come in the same order for the same seed, another order for other seeds, never the written one', () => {
    const orders = KEYS.map((key) => shuffled(item, key).join(''));
    expect(KEYS.map((key) => shuffled(item, key).join(''))).toEqual(orders);
    expect(new Set(orders).size).toBeGreaterThan(2);
    expect(orders).not.toContain('ABCD');
    for (const order of orders) expect([...order].sort().join('')).toBe('ABCD');
  });

  it('keep fixed choices in their place, next to each other too, and the prompt first', () => {
    for (const key of KEYS) expect(shuffled(item, key)[3]).toBe('D');
    const twoFixed = () => choice('true', choices(['A', 'B', 'C', 'D', 'E'], ['A', 'B']));
    for (const key of KEYS) expect(shuffled(twoFixed, key).slice(0, 2)).toEqual(['A', 'B']);
    const doc = item();
    shuffleChoices(doc, KEYS[0] as string);
    expect(doc.querySelector('qti-choice-interaction')?.firstElementChild?.localName).toBe('qti-prompt');
    // Taken off, so the renderer shuffles nothing again.
    expect(doc.querySelector('qti-choice-interaction')?.hasAttribute('shuffle')).toBe(false);
  });

  it('stay as written when the interaction does not shuffle, or only one may move', () => {
    for (const key of KEYS) expect(shuffled(() => choice('false', choices(['A', 'B', 'C'])), key)).toEqual(['A', 'B', 'C']);
    for (const key of KEYS) expect(shuffled(() => choice('true', choices(['A', 'B'], ['B'])), key)).toEqual(['A', 'B']);
  });

  it('shuffle order, inline choice, associate and gap match choices, and each of a match’s sets on its own', () => {
    const order = () => choice('true', choices(['A', 'B', 'C']), 'qti-order-interaction');
    expect(KEYS.map((key) => shuffled(order, key).join(''))).not.toContain('ABC');

    const inline = () =>
      itemOf(
        `<p>Go <qti-inline-choice-interaction response-identifier="R" shuffle="true">` +
          ['X', 'Y', 'Z'].map((n) => `<qti-inline-choice identifier="${n}">${n}</qti-inline-choice>`).join('') +
          `</qti-inline-choice-interaction> now</p>`,
      );
    expect(KEYS.map((key) => shuffled(inline, key, 'qti-inline-choice').join(''))).not.toContain('XYZ');

    const associable = (names: string[]) =>
      names.map((n) => `<qti-simple-associable-choice identifier="${n}" match-max="1">${n}</qti-simple-associable-choice>`).join('');
    const associate = () =>
      itemOf(
        `<qti-associate-interaction response-identifier="R" shuffle="true">${associable(['H', 'C', 'W'])}</qti-associate-interaction>`,
      );
    expect(KEYS.map((key) => shuffled(associate, key, 'qti-simple-associable-choice').join(''))).not.toContain('HCW');

    const gaps = () =>
      itemOf(
        `<qti-gap-match-interaction response-identifier="R" shuffle="true">` +
          ['S', 'W', 'F'].map((n) => `<qti-gap-text identifier="${n}" match-max="1">${n}</qti-gap-text>`).join('') +
          `<p>Hot in <qti-gap identifier="G1"/>, cold in <qti-gap identifier="G2"/>.</p></qti-gap-match-interaction>`,
      );
    expect(KEYS.map((key) => shuffled(gaps, key, 'qti-gap-text').join(''))).not.toContain('SWF');
    for (const key of KEYS) expect(shuffled(gaps, key, 'qti-gap')).toEqual(['G1', 'G2']);

    const match = () =>
      itemOf(
        `<qti-match-interaction response-identifier="R" shuffle="true">` +
          `<qti-simple-match-set>${associable(['A1', 'A2', 'A3'])}</qti-simple-match-set>` +
          `<qti-simple-match-set>${associable(['B1', 'B2', 'B3'])}</qti-simple-match-set></qti-match-interaction>`,
      );
    const sets = KEYS.map((key) => {
      const doc = match();
      shuffleChoices(doc, key);
      return Array.from(doc.querySelectorAll('qti-simple-match-set'), (set) => ids(set as unknown as Document, '*').join(' '));
    });
    for (const [first, second] of sets) {
      expect(first?.split(' ').sort()).toEqual(['A1', 'A2', 'A3']);
      expect(second?.split(' ').sort()).toEqual(['B1', 'B2', 'B3']);
    }
    expect(sets.map(([first]) => first)).not.toContain('A1 A2 A3');
    expect(sets.map(([, second]) => second)).not.toContain('B1 B2 B3');
    // Thirty seeds over six interactions parse about two hundred items: a second alone, more on a busy machine.
  }, 20_000);

  it('apply to a test written in the console with shuffling on, and only there', () => {
    const files = writeAuthoredTest(everyKind);
    const written = (path: string) => () => new DOMParser().parseFromString(new TextDecoder().decode(files.get(path)), 'application/xml');
    expect(KEYS.map((key) => shuffled(written('items/capital.xml'), key).join(' '))).not.toContain('rome milan turin');
    for (const key of KEYS)
      expect(shuffled(written('items/primes.xml'), key)).toEqual(ids(written('items/primes.xml')(), 'qti-simple-choice'));
  });

  it('a new attempt gets a seed of its own', () => {
    expect(newSeed()).toMatch(/^[0-9a-f]{24}$/);
    expect(newSeed()).not.toBe(newSeed());
  });
});
