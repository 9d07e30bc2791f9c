import { describe, expect, it } from 'vitest';
import en from '../locales/en/report.json';
import es from '../locales/es/report.json';
import it_ from '../locales/it/report.json';
import { fillReportText, readsWithVowel, withItalianArticle } from './report-texts';

describe('Italian numbers read with a vowel', () => {
  it('elides before otto, undici, uno, ottanta… and ottocento…, not before diciotto or the rest', () => {
    const vowel = Array.from({ length: 100 }, (_, n) => n).filter((n) => readsWithVowel(n));
    expect(vowel).toEqual([1, 8, 11, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89]);
    expect([800, 850, 899].every((n) => readsWithVowel(n))).toBe(true);
    expect([18, 100, 180, 900, 0, -8].some((n) => readsWithVowel(n))).toBe(false);
  });

  it('reads a rank as an ordinal: il 1° (primo), l’8° (ottavo), l’11° (undicesimo), il 18° (diciottesimo)', () => {
    const vowel = Array.from({ length: 100 }, (_, n) => n).filter((n) => readsWithVowel(n, 'ordinal'));
    expect(vowel).toEqual([8, 11, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89]);
  });

  it('reads large numbers by their leading group: ottomila, undicimila, mille, un milione', () => {
    expect([8000, 11_500, 80_000, 800_000, 1_000_000, 8_000_000].every((n) => readsWithVowel(n))).toBe(true);
    expect([1000, 1800, 2000, 18_000, 2_000_000].some((n) => readsWithVowel(n))).toBe(false);
    expect(readsWithVowel(1_000_000, 'ordinal')).toBe(false); // milionesimo
    expect(readsWithVowel(8.5)).toBe(true); // otto virgola cinque
  });

  it('puts the article or the articulated preposition before the number', () => {
    expect(withItalianArticle('del', 88)).toBe("dell'88");
    expect(withItalianArticle('del', 46)).toBe('del 46');
    expect(withItalianArticle('il', 1)).toBe("l'1");
    expect(withItalianArticle('il', 1, 'ordinal')).toBe('il 1');
    expect(withItalianArticle('al', 11)).toBe("all'11");
  });
});

describe('the report’s texts filled in', () => {
  const norm = { name: 'Laureati', n: 850 };
  it('elide in Italian: "dell’88%", "tra l’8° e l’80°"', () => {
    expect(fillReportText(it_.norms.sentence, { ...norm, p: 88 })).toBe(
      "Il tuo risultato è pari o superiore a quello dell'88% del gruppo di riferimento «Laureati» (850 persone).",
    );
    expect(fillReportText(it_.norms.sentence, { ...norm, p: 18 })).toContain('a quello del 18% del gruppo');
    expect(fillReportText(it_.norms.band, { low: 8, high: 80 })).toBe("tra l'8° e l'80° percentile");
    expect(fillReportText(it_.norms.band, { low: 1, high: 46 })).toBe('tra il 1° e il 46° percentile');
    expect(fillReportText(it_.norms.bandSentence, { ...norm, low: 11, high: 88 })).toContain("si colloca tra l'11° e l'88° percentile del");
  });

  it('leave English and Spanish as they are written', () => {
    expect(fillReportText(en.norms.band, { low: 8, high: 88 })).toBe('between percentile 8 and 88');
    expect(fillReportText(es.norms.sentence, { ...norm, p: 88 })).toContain('superior al del 88 % del grupo');
  });

  it('fill plain variables, and leave one not given empty', () => {
    expect(fillReportText('{{name}} ({{ n }})', norm)).toBe('Laureati (850)');
    expect(fillReportText('[{{missing}}]', {})).toBe('[]');
  });
});

describe('the article before a date written out', () => {
  it("elides before a day read with a vowel (l'8, l'11), not before the first (il primo) or any other", () => {
    expect(fillReportText('Scade {{date, il}}', { date: '08/11/2021' })).toBe("Scade l'08/11/2021");
    expect(fillReportText('spostata {{date, al}}.', { date: '11/11/2021' })).toBe("spostata all'11/11/2021.");
    expect(fillReportText('fino {{until, al}}', { until: '01.12.2026 18:00' })).toBe('fino al 01.12.2026 18:00');
    expect(fillReportText('{{start, Dal}} {{end, al}}', { start: '18/11/2021', end: '08/12/2021' })).toBe("Dal 18/11/2021 all'08/12/2021");
    expect(fillReportText('Conclusa {{date, il}}', { date: '31/03/2026' })).toBe('Conclusa il 31/03/2026');
  });
});
