import { bundleQuestions360Schema } from '@prova/contract/bundle';
import { describe, expect, it } from 'vitest';
import { computeResults360, type Results360Inputs } from './results-360';

const EVALUEE = 1;
const questions = bundleQuestions360Schema.parse({
  closed: [
    { id: 1, text: { IT_it: 'Ascolta', EN_en: 'Listens' } },
    { id: 2, text: 'Comunica' },
  ],
  open: [{ id: 90, text: 'Cosa migliorare?' }],
});
const label = (it: string) => ({ IT_it: it });

/** Evaluee 1 rates themself; 2-4 are peers (relation 2), 5 the manager (1), 6-7 collaborators (4). */
const raters = [
  { evaluator_id: 1, relation_id: 3, label: label('Autovalutazione') },
  ...[2, 3, 4].map((id) => ({ evaluator_id: id, relation_id: 2, label: label('Collega') })),
  { evaluator_id: 5, relation_id: 1, label: label('Responsabile') },
  ...[6, 7].map((id) => ({ evaluator_id: id, relation_id: 4, label: label('Collaboratore') })),
];
const closed = (evaluator: number, question: number, value: number) => ({
  evaluator_id: evaluator,
  question_id: question,
  answer_id: 0,
  value,
  text_value: null,
});
const open = (evaluator: number, text: string) => ({
  evaluator_id: evaluator,
  question_id: 90,
  answer_id: 0,
  value: null,
  text_value: text,
});

function inputs(overrides: Partial<Results360Inputs> = {}): Results360Inputs {
  return {
    evalueeId: EVALUEE,
    questions,
    raters,
    answers: [
      closed(1, 1, 5),
      closed(2, 1, 4),
      closed(3, 1, 3),
      closed(4, 1, 2),
      closed(5, 1, 1),
      closed(6, 1, 5),
      closed(7, 1, 4),
      closed(1, 2, 3),
      closed(2, 2, 4),
      closed(5, 2, 2),
      open(1, 'Delegare di più'),
      open(3, 'Zelo'),
      open(2, 'Ascoltare'),
      open(5, 'Meno riunioni'),
    ],
    threshold: 3,
    scaleMax: 5,
    lang: 'IT_it',
    ...overrides,
  };
}

describe('computeResults360', () => {
  it('shows a big enough group on its own and pools the small ones', () => {
    const result = computeResults360(inputs());
    const first = result.questions[0];
    // Peers 4, 3, 2 -> 3; manager 1 and collaborators 5, 4 pooled -> 10 / 3; all six others -> 19 / 6.
    expect(first.means).toEqual({ self: 5, 'relation:2': 3, others: 10 / 3, all: 19 / 6 });
    expect(first.raters).toEqual({ self: 1, 'relation:2': 3, others: 3, all: 6 });
    expect(result.groups).toEqual([
      { key: 'self', kind: 'self', label: '' },
      { key: 'relation:2', kind: 'relation', label: 'Collega' },
      { key: 'others', kind: 'others', label: '' },
      { key: 'all', kind: 'all', label: '' },
    ]);
  });

  it('never shows fewer raters than the threshold, not even through the mean of everybody', () => {
    // Question 2: one peer and the manager. Pool of 2 is hidden, and so is the mean of the two.
    const second = computeResults360(inputs()).questions[1];
    expect(second.means).toEqual({ self: 3 });
    // Peers shown (3) with the manager alone in the pool: the overall mean would give the manager away.
    const noCollaborators = computeResults360(inputs({ answers: inputs().answers.filter((a) => a.evaluator_id < 6) }));
    expect(noCollaborators.questions[0].means).toEqual({ self: 5, 'relation:2': 3 });
  });

  it('honours the campaign threshold', () => {
    const result = computeResults360(inputs({ threshold: 2 }));
    // Question 2: the peer and the manager pooled (2 raters) are enough now.
    expect(result.questions[1].means).toEqual({ self: 3, others: 3, all: 3 });
    // Question 1: collaborators shown (2); the manager alone is hidden, and with it the overall mean.
    expect(result.questions[0].means).toEqual({ self: 5, 'relation:2': 3, 'relation:4': 4.5 });
  });

  it('ignores answers from people who are not raters of this person', () => {
    const result = computeResults360(inputs({ answers: [...inputs().answers, closed(99, 1, 1)] }));
    expect(result.questions[0].raters.all).toBe(6);
  });

  it('sorts the others comments and keeps them back when too few people rated', () => {
    const result = computeResults360(inputs());
    expect(result.comments).toEqual([
      { id: 90, text: 'Cosa migliorare?', self: ['Delegare di più'], others: ['Ascoltare', 'Meno riunioni', 'Zelo'] },
    ]);
    const few = computeResults360(inputs({ answers: [closed(2, 1, 4), closed(3, 1, 4), open(2, 'Solo io'), open(1, 'Io')] }));
    expect(few.comments[0]).toMatchObject({ self: ['Io'], others: [] });
  });
});
