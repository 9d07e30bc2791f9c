import { describe, expect, it } from 'vitest';
import { authoredTestSchema } from './authored-test';

const both = (it: string, en: string) => ({ IT_it: it, EN_en: en });

const valid = {
  title: both('Prova', 'Test'),
  languages: ['IT_it', 'EN_en'],
  timeLimitMinutes: 20,
  sections: [
    {
      title: both('Sezione', 'Section'),
      items: [
        {
          kind: 'single-choice',
          id: 'Q1',
          prompt: both('Capitale?', 'Capital?'),
          options: [
            { id: 'A', text: both('Roma', 'Rome'), points: 2 },
            { id: 'B', text: both('Milano', 'Milan'), points: 0 },
          ],
        },
        { kind: 'text-entry', id: 'Q2', prompt: both('Città?', 'City?'), answers: ['Roma', 'Rome'], points: 1 },
        { kind: 'extended-text', id: 'Q3', prompt: both('Racconta', 'Tell') },
      ],
    },
  ],
};

const messages = (input: unknown) => {
  const parsed = authoredTestSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

const withItem = (item: object) => ({ ...valid, sections: [{ ...valid.sections[0], items: [item] }] });

describe('authoredTestSchema', () => {
  it('accepts a test of the campaign languages and fills in the defaults', () => {
    const parsed = authoredTestSchema.parse(valid);
    expect(parsed.navigation).toBe('nonlinear');
    expect(parsed.sections[0].items[0]).toMatchObject({ shuffle: false });
    expect(parsed.sections[0].items[1]).toMatchObject({ caseSensitive: false });
  });

  it('wants every text in every language of the test, and no other', () => {
    const missing = { ...valid, title: { IT_it: 'Prova' } };
    expect(messages(missing)).toEqual(["title.EN_en: Expected the text in EN_en (the test's languages: IT_it, EN_en)"]);
    const extra = {
      ...valid,
      languages: ['IT_it'],
      title: both('Prova', 'Test'),
      sections: [{ ...valid.sections[0], title: { IT_it: 'S' } }],
    };
    const found = messages(extra);
    expect(found).toContain("title.EN_en: EN_en is not one of the test's languages (IT_it)");
    expect(found).toContain("sections.0.items.0.options.0.text.EN_en: EN_en is not one of the test's languages (IT_it)");
    expect(messages({ ...valid, title: both('Prova', '  ') })).toEqual([
      "title.EN_en: Expected the text in EN_en (the test's languages: IT_it, EN_en)",
    ]);
  });

  it('names each mistake by its path', () => {
    const [q1] = valid.sections[0].items;
    expect(messages(withItem({ ...q1, options: q1.options!.map((o) => ({ ...o, points: 0 })) }))).toEqual([
      'sections.0.items.0.options: Expected a right answer: an option worth more than 0 points',
    ]);
    expect(messages(withItem({ ...q1, options: [q1.options![0], q1.options![0]] }))).toEqual([
      'sections.0.items.0.options.1.id: The option id "A" is used by another option of the item',
    ]);
    expect(messages(withItem({ ...q1, id: '1st' }))).toEqual([
      'sections.0.items.0.id: Expected an identifier: a letter, then letters, digits, _ or - (at most 32)',
    ]);
    expect(messages(withItem({ ...q1, kind: 'essay' }))[0]).toMatch(/^sections\.0\.items\.0\.kind: Expected an item kind: single-choice, /);
    expect(messages(withItem({ kind: 'true-false', id: 'T', prompt: both('a', 'b'), answer: true, points: 0 }))).toEqual([
      'sections.0.items.0.points: A right answer is worth more than 0 points',
    ]);
    expect(messages(withItem({ kind: 'numeric-entry', id: 'N', prompt: both('a', 'b'), answer: 3, tolerance: -1, points: 1 }))).toEqual([
      'sections.0.items.0.tolerance: A tolerance is 0 or more',
    ]);
    expect(messages(withItem({ kind: 'text-entry', id: 'T', prompt: both('a', 'b'), answers: ['Roma', 'roma'], points: 1 }))).toEqual([
      'sections.0.items.0.answers.1: The answer "roma" is listed twice',
    ]);
    expect(messages({ ...valid, timeLimitMinutes: 0 })).toEqual(['timeLimitMinutes: A time limit is at least 1 minute']);
    expect(messages({ ...valid, languages: ['IT_it', 'IT_it', 'EN_en'] })).toEqual(['languages: A language is listed twice']);
  });

  it('refuses two items with one id, and an id the test results use', () => {
    const [q1, q2] = valid.sections[0].items;
    expect(messages({ ...valid, sections: [{ ...valid.sections[0], items: [q1, { ...q2, id: 'Q1' }] }] })).toEqual([
      'sections.0.items.1.id: The item id "Q1" is used by another item of the test',
    ]);
    expect(messages(withItem({ ...q1, id: 'SCORE' }))).toEqual([
      'sections.0.items.0.id: "SCORE" names the test\'s own results: choose another item id',
    ]);
  });
});
