import { bundleModelSchema } from '@prova/contract/bundle';
import { describe, expect, it } from 'vitest';
import { computeReport, normalise, type ReportInputs } from './compute-report';

const model = bundleModelSchema.parse({
  areas: [
    { id: 1, name: { IT_it: 'Pensiero', EN_en: 'Thinking' }, feedback: { '1': 'A1', '2': 'A2', '3': 'A3', '4': 'A4' } },
    { id: 2, name: 'Relazione', inProfile: false },
    { id: 3, name: 'Vuota' },
  ],
  skills: [
    { id: 10, areaId: 1, name: 'Analisi' },
    { id: 11, areaId: 1, name: 'Sintesi' },
    { id: 20, areaId: 2, name: 'Ascolto' },
    { id: 30, areaId: 3, name: 'Senza valori' },
  ],
  markers: [
    { id: 100, skillId: 10, name: 'Tabelle', feedback: { '1': 'M1', '2': 'M2', '3': 'M3', '4': 'M4' }, devSuggestion: 'Uno---Due' },
    { id: 101, skillId: 10, name: 'Grafici' },
    { id: 110, skillId: 11, name: 'Riassume' },
    { id: 200, skillId: 20, name: 'Domande' },
    { id: 300, skillId: 30, name: 'Mai misurato' },
  ],
  tasks: [
    { id: 1, markerId: 100, test: 101, outcome: 'score', min: 0, max: 100 },
    { id: 2, markerId: 100, test: 102, outcome: 'speed', min: 1, max: 5 },
    { id: 3, markerId: 101, test: 102, outcome: 'charts', min: 1, max: 5 },
    { id: 4, markerId: 110, test: 102, outcome: 'over', min: 1, max: 5 },
    { id: 5, markerId: 200, test: 201, outcome: 'ascolto', min: 0, max: 5 },
    { id: 6, markerId: 300, test: 103, outcome: 'score', min: 0, max: 10 },
  ],
});

function inputs(overrides: Partial<ReportInputs> = {}): ReportInputs {
  return {
    model,
    lang: 'IT_it',
    tests: [
      { id: 101, abbreviation: 'RAG', name: { IT_it: 'Ragionamento' }, algorithm: 'function computeOutcomes() {}', status: 'complete' },
      { id: 102, abbreviation: 'STI', name: { IT_it: 'Stili' }, algorithm: null, status: 'complete' },
      { id: 103, abbreviation: 'INC', name: { IT_it: 'Incompleto' }, algorithm: null, status: 'incomplete' },
      { id: 201, abbreviation: 'COL', name: { IT_it: 'Colloquio' }, algorithm: null, status: null },
    ],
    assessedTests: new Set([201]),
    outcomes: [
      // The browser's own score of a scored test does not count: the server's does.
      { testId: 101, source: 'client', outcomes: [{ questionId: 'score', value: 100 }] },
      { testId: 101, source: 'server', outcomes: [{ questionId: 'score', value: 60 }] },
      {
        testId: 102,
        source: 'client',
        outcomes: [
          { questionId: 'speed', value: '4' },
          { questionId: 'charts', value: 2 },
          { questionId: 'over', value: 9 },
        ],
      },
      { testId: 103, source: 'client', outcomes: [{ questionId: 'score', value: 10 }] },
      { testId: 201, source: 'assessor', outcomes: [{ questionId: 'ascolto', value: 4 }] },
      { testId: 201, source: 'assessor', outcomes: [{ questionId: 'ascolto', value: 2.5 }] },
    ],
    ...overrides,
  };
}

describe('normalise', () => {
  it('maps min..max onto 0..5 and clamps what falls outside', () => {
    expect(normalise(60, 0, 100)).toBe(3);
    expect(normalise(4, 1, 5)).toBe(3.75);
    expect(normalise(9, 1, 5)).toBe(5);
    expect(normalise(-3, 0, 10)).toBe(0);
  });
});

describe('computeReport', () => {
  it('rolls tasks up into markers, skills and areas by hand-computed means', () => {
    const report = computeReport(inputs());
    // Marker 100: tasks 60/100 -> 3 and speed 4 on 1..5 -> 3.75: mean 3.375. Marker 101: 2 on 1..5 -> 1.25.
    expect(report.markers.find((m) => m.id === 100)?.value).toBeCloseTo(3.375, 10);
    expect(report.markers.find((m) => m.id === 101)?.value).toBeCloseTo(1.25, 10);
    // Skill 10: (3.375 + 1.25) / 2 = 2.3125. Skill 11: 9 on 1..5 clamps to 5.
    expect(report.skills.map((s) => [s.id, s.value])).toEqual([
      [10, 2.3125],
      [11, 5],
      [20, 3.25],
    ]);
    // Area 1: (2.3125 + 5) / 2 = 3.65625; area 2 from the assessors' mean (4 + 2.5) / 2 = 3.25 on 0..5.
    expect(report.areas.map((a) => [a.id, a.value, a.inProfile])).toEqual([
      [1, 3.65625, true],
      [2, 3.25, false],
    ]);
  });

  it('leaves out what has no value: an incomplete test, a skill and an area with nothing measured', () => {
    const report = computeReport(inputs());
    expect(report.tasks.map((t) => t.id)).toEqual([1, 2, 3, 4, 5]);
    expect(report.markers.some((m) => m.id === 300)).toBe(false);
    expect(report.skills.some((s) => s.id === 30)).toBe(false);
    expect(report.areas.some((a) => a.id === 3)).toBe(false);
  });

  it('gives the feedback of the rating band and the texts in the asked language', () => {
    const report = computeReport(inputs({ lang: 'EN_en' }));
    expect(report.areas[0]).toMatchObject({ name: 'Thinking', feedback: 'A3' });
    expect(report.markers.find((m) => m.id === 100)).toMatchObject({ feedback: 'M3', devSuggestion: 'Uno---Due' });
    expect(report.markers.find((m) => m.id === 101)).toMatchObject({ feedback: '', devSuggestion: '' });
    expect(report.tasks[0]).toMatchObject({ name: 'Ragionamento', abbreviation: 'RAG' });
    expect(report.tests[0]).toEqual({ id: 101, taskId: 1, name: 'Ragionamento' });
  });

  it('uses band 1 below 1 and a scored test only once the server has scored it', () => {
    const unscored = inputs({
      outcomes: [{ testId: 101, source: 'client', outcomes: [{ questionId: 'score', value: 100 }] }],
      assessedTests: new Set(),
    });
    const report = computeReport(unscored);
    expect(report.tasks).toEqual([]);
    expect(report.areas).toEqual([]);

    const low = computeReport(inputs({ outcomes: [{ testId: 101, source: 'server', outcomes: [{ questionId: 'score', value: 5 }] }] }));
    expect(low.markers[0]).toMatchObject({ id: 100, value: 0.25, feedback: 'M1' });
  });

  it('ignores values that are not numbers and answers of linked questions', () => {
    const report = computeReport(
      inputs({
        outcomes: [
          {
            testId: 102,
            source: 'client',
            outcomes: [
              { questionId: 'speed', value: 'fast' },
              { questionId: 'charts', answerId: 3, value: 5 },
            ],
          },
        ],
        assessedTests: new Set(),
      }),
    );
    expect(report.tasks).toEqual([]);
  });
});
