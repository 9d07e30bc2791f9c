import { describe, expect, it } from 'vitest';
import { dependentsOf, monthDays, moveTargets, planMove, positionAfter, storageProblems } from './agenda';

// November 2021: the 1st is a Monday; 6-7, 13-14, 20-21 and 27-28 are weekends.
const month = '2021-11';
const tests: Record<string, number> = { '03/11/2021': 111, '10/11/2021': 112, '17/11/2021': 113, '24/11/2021': 114 };
const prerequisites = new Map<number, number[]>([
  [112, [111]],
  [113, [112]],
  [114, [113]],
]);
const storage: { tests: Record<string, number>; currentPosition: string } = { tests, currentPosition: '03/11/2021' };
const move = (testId: number, target: string, complete: number[] = [], from = storage) =>
  planMove({ storage: from, month, testId, target, prerequisites, complete: new Set(complete) });

describe('the agenda month', () => {
  it('lists every day of the month', () => {
    const days = monthDays(month);
    expect(days).toHaveLength(30);
    expect([days[0], days[29]]).toEqual(['01/11/2021', '30/11/2021']);
  });

  it('finds the dependents of a test, through others, in agenda order', () => {
    expect(dependentsOf(111, prerequisites, tests)).toEqual([112, 113, 114]);
    expect(dependentsOf(113, prerequisites, tests)).toEqual([114]);
  });
});

describe('planMove', () => {
  it('moves a test and its dependents onto the following working days, skipping the weekend', () => {
    const result = move(112, '11/11/2021');
    expect(result).toEqual({
      ok: true,
      storage: { tests: { '03/11/2021': 111, '11/11/2021': 112, '12/11/2021': 113, '15/11/2021': 114 }, currentPosition: '03/11/2021' },
    });
  });

  it('refuses the past, weekends, other months, taken days, no room for dependents, complete tests', () => {
    const later = { tests, currentPosition: '10/11/2021' };
    expect(move(112, '09/11/2021', [111], later)).toEqual({ ok: false, reason: 'past' });
    expect(move(112, '13/11/2021')).toEqual({ ok: false, reason: 'weekend' });
    expect(move(112, '01/12/2021')).toEqual({ ok: false, reason: 'outsideMonth' });
    // From the 26th, 112 and 113 take the 29th and 30th and 114 would fall in December.
    expect(move(111, '26/11/2021')).toEqual({ ok: false, reason: 'noRoom' });
    expect(move(112, '03/11/2021')).toEqual({ ok: false, reason: 'taken' });
    expect(move(111, '04/11/2021', [111])).toEqual({ ok: false, reason: 'complete' });
    // 29 and 30 November are the last working days: three tests do not fit from the 29th.
    expect(move(112, '29/11/2021')).toEqual({ ok: false, reason: 'noRoom' });
  });

  it('moving the test of the current day keeps the day on the next test not done', () => {
    const result = move(111, '05/11/2021');
    expect(result.ok && result.storage.currentPosition).toBe('05/11/2021');
  });
});

describe('moveTargets', () => {
  const targets = (testId: number, from = storage) => [
    ...moveTargets({ storage: from, month, testId, prerequisites, complete: new Set() }),
  ];

  it('offers exactly the days a move is accepted for, and its own day only when it is the current one', () => {
    // 113 (on the 17th) takes 114 along: never a taken day, a weekend, or a day leaving 114 no room.
    const offered = targets(113);
    expect(offered).not.toContain('03/11/2021');
    expect(offered).not.toContain('10/11/2021');
    expect(offered).not.toContain('17/11/2021');
    expect(offered).not.toContain('06/11/2021');
    expect(offered).not.toContain('30/11/2021');
    expect(offered).toContain('29/11/2021');
    for (const day of offered) expect(move(113, day).ok).toBe(true);
    // The current day's own test may be kept there.
    expect(targets(111)[0]).toBe('03/11/2021');
  });
});

describe('positionAfter', () => {
  it('moves to the nearest later day whose test is not done', () => {
    expect(positionAfter(tests, '03/11/2021', new Set([111]))).toBe('10/11/2021');
    expect(positionAfter(tests, '03/11/2021', new Set([111, 112, 113, 114]))).toBe('03/11/2021');
  });
});

describe('storageProblems', () => {
  const check = (next: Partial<typeof storage> & { hasSeenTutorial?: boolean }, complete: number[] = []) =>
    storageProblems({
      previous: storage,
      next: { ...storage, hasSeenTutorial: false, ...next },
      month,
      prerequisites,
      complete: new Set(complete),
    });

  it('accepts what planMove produces and a tutorial flag', () => {
    const moved = move(112, '11/11/2021');
    expect(moved.ok && check(moved.storage)).toEqual([]);
    expect(check({ hasSeenTutorial: true })).toEqual([]);
  });

  it('names what a hand-made storage breaks', () => {
    expect(check({ tests: { '03/11/2021': 111, '06/11/2021': 112, '17/11/2021': 113, '24/11/2021': 114 } })).toEqual([
      'tests.06/11/2021: a weekend day',
    ]);
    expect(check({ tests: { '03/11/2021': 111, '18/11/2021': 112, '17/11/2021': 113, '24/11/2021': 114 } })).toEqual([
      'tests.17/11/2021: test 113 must come after test 112',
    ]);
    expect(check({ tests: { '04/11/2021': 111, '10/11/2021': 112, '17/11/2021': 113, '24/11/2021': 114 } }, [111])).toEqual([
      'tests.04/11/2021: test 111 is complete and cannot move',
    ]);
    expect(check({ tests: { '03/11/2021': 111 } })).toEqual(['tests: the agenda must hold the same tests, once each']);
    expect(check({ currentPosition: '01/11/2021' })).toEqual(['currentPosition: cannot go back']);
  });
});
