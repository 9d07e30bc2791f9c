// The grid's criteria with the words of their levels (issue 54), and "non osservato" (null) as judged but no value.
import { describe, expect, it } from 'vitest';
import { assessmentState } from './assessor-assignments';
import { ratingCriteria } from './rating-criteria';
import { rawValue } from '../reports/compute-report';
import { reportModelOf } from '../../repositories/report-model';

// The campaign's model as its repository gives it, read from the stored text.
const model = reportModelOf(
  JSON.stringify({
    markers: [
      { id: 100, skillId: 10, name: { IT_it: 'Ascolta e riformula', EN_en: 'Listens and rephrases' } },
      { id: 101, skillId: 10, name: 'Chiarezza' },
    ],
    tasks: [
      { id: 1, markerId: 100, test: 201, outcome: 'ascolto', min: 1, max: 5 },
      { id: 2, markerId: 101, test: 201, outcome: 'chiarezza', min: 1, max: 3 },
    ],
  }),
);
// The test's settings as its repository gives them.
const jsonData = {
  options: {
    criteria: [
      { id: 'ascolto', levels: { '1': { IT_it: 'Interrompe', EN_en: 'Interrupts' }, '5': 'Riformula con precisione', '9': 'fuori scala' } },
    ],
    levels: { '1': 'Poco', '2': 'Abbastanza', '3': 'Molto' },
  },
};

describe('ratingCriteria', () => {
  it("gives each criterion its own levels' words in the person's language, else the test's, within its scale", () => {
    expect(ratingCriteria({ model, jsonData, testId: 201, lang: 'EN_en' })).toEqual([
      {
        id: 'ascolto',
        label: 'Listens and rephrases',
        min: 1,
        max: 5,
        levels: [
          { value: 1, label: 'Interrupts' },
          { value: 5, label: 'Riformula con precisione' },
        ],
      },
      {
        id: 'chiarezza',
        label: 'Chiarezza',
        min: 1,
        max: 3,
        levels: [
          { value: 1, label: 'Poco' },
          { value: 2, label: 'Abbastanza' },
          { value: 3, label: 'Molto' },
        ],
      },
    ]);
  });

  it('gives no levels where the options have none', () => {
    expect(ratingCriteria({ model, jsonData: {}, testId: 201, lang: 'IT_it' }).map((c) => c.levels)).toEqual([undefined, undefined]);
  });
});

describe('"non osservato" (null)', () => {
  it("counts as judged in the assessor's progress", () => {
    expect(assessmentState(['ascolto', 'chiarezza'], [{ questionId: 'ascolto', value: null }])).toEqual({ state: 'in progress', rated: 1 });
    expect(
      assessmentState(
        ['ascolto', 'chiarezza'],
        [
          { questionId: 'ascolto', value: null },
          { questionId: 'chiarezza', value: 2 },
        ],
      ),
    ).toEqual({ state: 'rated', rated: 2 });
  });

  it("is left out of the assessors' mean, never read as 0", () => {
    const outcomes = [
      { testId: 201, source: 'assessor', outcomes: [{ questionId: 'ascolto', value: 4 }] },
      { testId: 201, source: 'assessor', outcomes: [{ questionId: 'ascolto', value: null }] },
    ];
    const inputs = { tests: [], assessedTests: new Set([201]), outcomes } as unknown as Parameters<typeof rawValue>[0];
    expect(rawValue(inputs, 201, 'ascolto')).toBe(4);
  });
});
