import { describe, expect, it } from 'vitest';
import { buildPages, firstOpenPage, isPageAnswered, linkedChoices, toggleLinked, type QuestionnairePage } from './questionnaire-pages';

const closed = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, text: `Domanda ${i + 1}` }));
const linked = [
  {
    id: 50,
    label: 'Forza e da migliorare',
    min_answers: 1,
    max_answers: 2,
    columns: [
      { order: 1, label: 'Forza' },
      { order: 2, label: 'Da migliorare' },
    ],
    answers: [
      { id: 501, label: 'Ascolto' },
      { id: 502, label: 'Precisione' },
      { id: 503, label: 'Iniziativa' },
    ],
  },
];
const open = [{ id: 90, text: 'Un consiglio?' }];
const pages = buildPages({ closed, linked, open });
const empty = { closed: {}, open: {}, linked: {} };
type Linked = Extract<QuestionnairePage, { kind: 'linked' }>;

describe('questionnaire pages', () => {
  it('puts ten closed questions a page, a page per linked column, a page per open question', () => {
    expect(pages.map((p) => p.kind)).toEqual(['closed', 'closed', 'linked', 'linked', 'open']);
    expect(pages[0].kind === 'closed' && pages[0].questions).toHaveLength(10);
    expect(pages[1].kind === 'closed' && pages[1].questions.map((q) => q.id)).toEqual([11, 12]);
  });

  it('locks a page until it is answered', () => {
    const some = { ...empty, closed: Object.fromEntries(closed.slice(0, 9).map((q) => [q.id, 4])) };
    expect(isPageAnswered(pages[0], some)).toBe(false);
    expect(isPageAnswered(pages[0], { ...some, closed: { ...some.closed, 10: 2 } })).toBe(true);
    expect(isPageAnswered(pages[4], { ...empty, open: { 90: '   ' } })).toBe(false);
    expect(isPageAnswered(pages[4], { ...empty, open: { 90: 'Ascolta' } })).toBe(true);
  });

  it('applies the linked rules: minimum, maximum, an answer in one column only, choosing again takes it back', () => {
    const strengths = pages[2] as Linked;
    const improve = pages[3] as Linked;
    let answers = toggleLinked(strengths, empty, 501);
    expect(isPageAnswered(strengths, answers)).toBe(true);
    answers = toggleLinked(strengths, answers, 502);
    // Two in 'Forza': the third is disabled there (max 2).
    expect(linkedChoices(strengths, answers).map((c) => [c.answerId, c.checked, c.disabled])).toEqual([
      [501, true, false],
      [502, true, false],
      [503, false, true],
    ]);
    // On 'Da migliorare' the answers given to 'Forza' are disabled.
    expect(linkedChoices(improve, answers).map((c) => c.disabled)).toEqual([true, true, false]);
    answers = toggleLinked(strengths, answers, 502);
    expect(answers.linked[50]).toEqual({ 501: 1 });
    expect(linkedChoices(improve, answers).map((c) => c.disabled)).toEqual([true, false, false]);
  });

  it('reopens at the first page not answered', () => {
    const firstDone = { ...empty, closed: Object.fromEntries(closed.slice(0, 10).map((q) => [q.id, 3])) };
    expect(firstOpenPage(pages, empty)).toBe(0);
    expect(firstOpenPage(pages, firstDone)).toBe(1);
  });
});
