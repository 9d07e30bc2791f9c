import { describe, expect, it } from 'vitest';
import { genderedText } from './gendered-text';

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
