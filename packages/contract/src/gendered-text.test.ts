import { describe, expect, it } from 'vitest';
import { genderedJson, genderedText } from './gendered-text';

describe('genderedText', () => {
  const text = 'Valuta te [[stesso|stessa|stesso o stessa]] e i colleghi: tende a lavorare da [[solo|sola|solo/a]].';

  it('speaks to a man, to a woman, and neutrally when the gender is not known', () => {
    expect(genderedText(text, 'M')).toBe('Valuta te stesso e i colleghi: tende a lavorare da solo.');
    expect(genderedText(text, 'F')).toBe('Valuta te stessa e i colleghi: tende a lavorare da sola.');
    expect(genderedText(text, null)).toBe('Valuta te stesso o stessa e i colleghi: tende a lavorare da solo/a.');
  });

  it('leaves other brackets as they are', () => {
    expect(genderedText('[[a|b]] [x|y|z] [[]]', 'F')).toBe('[[a|b]] [x|y|z] [[]]');
  });
});

describe('genderedJson', () => {
  it('resolves every string however deep, and leaves keys and other values as they are', () => {
    const options = {
      '[[a|b|c]]': 'Sei [[pronto|pronta|pronto/a]]?',
      steps: [{ text: { IT_it: '[[Il candidato|La candidata|Chi si candida]]' }, points: 3, done: false, next: null }],
      plain: 'Nessuna scelta qui',
    };
    expect(genderedJson(options, 'F')).toEqual({
      '[[a|b|c]]': 'Sei pronta?',
      steps: [{ text: { IT_it: 'La candidata' }, points: 3, done: false, next: null }],
      plain: 'Nessuna scelta qui',
    });
    expect(genderedJson(['[[x|y|z]]', 1], null)).toEqual(['z', 1]);
  });
});
