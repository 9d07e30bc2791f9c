import type { ChallengeSection } from '@prova/contract/layouts';
import type { UserTest } from '@prova/contract/tests';

export interface SectionState {
  section: ChallengeSection;
  tests: UserTest[];
  done: number;
  complete: boolean;
}

/** Each section with its tests (those the person has) and whether all of them are complete. */
export function sectionStates(sections: ChallengeSection[], tests: UserTest[]): SectionState[] {
  return sections.map((section) => {
    const own = section.tests.map((id) => tests.find((test) => test.id === id)).filter((test): test is UserTest => test !== undefined);
    const done = own.filter((test) => test.status === 'complete').length;
    return { section, tests: own, done, complete: done === own.length };
  });
}

/** The first section with a test not complete; the last one when all are. */
export function currentSectionIndex(states: SectionState[]): number {
  const index = states.findIndex((state) => !state.complete);
  return index < 0 ? Math.max(0, states.length - 1) : index;
}

/** Completed sections over all, in percent (25, 50, 75, 100 for four). */
export function overallPercent(states: SectionState[]): number {
  return states.length ? Math.round((states.filter((s) => s.complete).length / states.length) * 100) : 0;
}

/** A section's own bar: its tests done, in percent. */
export const sectionPercent = (state: SectionState) => (state.tests.length ? Math.round((state.done / state.tests.length) * 100) : 100);

/** Nothing done yet in the first section: the welcome page comes first. */
export const isFresh = (states: SectionState[]) => states.length > 0 && states[0].done === 0 && states.every((s) => s.done === 0);
