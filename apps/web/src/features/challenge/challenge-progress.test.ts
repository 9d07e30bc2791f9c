import type { ChallengeSection } from '@prova/contract/layouts';
import type { UserTest } from '@prova/contract/tests';
import { describe, expect, it } from 'vitest';
import { currentSectionIndex, isFresh, overallPercent, sectionPercent, sectionStates } from './challenge-progress';

const section = (id: string, tests: number[]): ChallengeSection => ({ id, name: id, description: '', motivation: '', tests, links: [] });
const sections = [section('s1', [1, 2]), section('s2', [3]), section('s3', [4]), section('s4', [5])];
const tests = (complete: number[], incomplete: number[] = []) =>
  [1, 2, 3, 4, 5].map(
    (id) => ({ id, status: complete.includes(id) ? 'complete' : incomplete.includes(id) ? 'incomplete' : 'not attempted' }) as UserTest,
  );

describe('challenge progress', () => {
  it('starts fresh, on the first section, at 0%', () => {
    const states = sectionStates(sections, tests([]));
    expect(isFresh(states)).toBe(true);
    expect(currentSectionIndex(states)).toBe(0);
    expect(overallPercent(states)).toBe(0);
  });

  it('moves on a section once all its tests are complete, in steps of 25', () => {
    const half = sectionStates(sections, tests([1], [2]));
    expect(isFresh(half)).toBe(false);
    expect(sectionPercent(half[0])).toBe(50);
    expect(currentSectionIndex(half)).toBe(0);
    const two = sectionStates(sections, tests([1, 2, 3]));
    expect(currentSectionIndex(two)).toBe(2);
    expect(overallPercent(two)).toBe(50);
  });

  it('stays on the last section when everything is done, at 100%', () => {
    const done = sectionStates(sections, tests([1, 2, 3, 4, 5]));
    expect(currentSectionIndex(done)).toBe(3);
    expect(overallPercent(done)).toBe(100);
  });
});
