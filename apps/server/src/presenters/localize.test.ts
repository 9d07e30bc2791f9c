import { describe, expect, it } from 'vitest';
import { storedText } from '../repositories/json-column-readers';
import { localize, localizeWithLang } from './localize';

describe('a stored text in the reader’s language', () => {
  const texts = { IT_it: 'Ciao', EN_en: '', ES_es: 'Hola' };

  it('reads the language asked for, else Italian, else the first given; an empty translation is a missing one', () => {
    expect(localize(texts, 'ES_es')).toBe('Hola');
    expect(localize(texts, 'EN_en')).toBe('Ciao');
    expect(localize({ IT_it: '', ES_es: 'Hola' }, 'EN_en')).toBe('Hola');
    expect(localize(storedText('Testo semplice'), 'EN_en')).toBe('Testo semplice');
  });

  it('says which language the text shown is in, chosen as localize chooses it', () => {
    for (const lang of ['IT_it', 'EN_en', 'ES_es'] as const) {
      expect(localizeWithLang(texts, lang).text).toBe(localize(texts, lang));
    }
    expect(localizeWithLang(texts, 'EN_en')).toEqual({ text: 'Ciao', lang: 'IT_it' });
    expect(localizeWithLang(texts, 'ES_es')).toEqual({ text: 'Hola', lang: 'ES_es' });
    expect(localizeWithLang({ IT_it: '', ES_es: 'Hola' }, 'EN_en')).toEqual({ text: 'Hola', lang: 'ES_es' });
    expect(localizeWithLang(storedText('Testo semplice'), 'ES_es')).toEqual({ text: 'Testo semplice', lang: 'IT_it' });
  });

  it('follows the gender of the person the text speaks to', () => {
    expect(localize({ IT_it: 'Benvenut[[o|a|o/a]]' }, 'IT_it', 'F')).toBe('Benvenuta');
  });
});
