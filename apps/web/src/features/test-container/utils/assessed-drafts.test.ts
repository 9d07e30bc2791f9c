import type { Outcome } from '@prova/contract/tests';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAssessedDrafts } from './assessed-drafts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(beaconOk = true) {
  const sent: Array<[number, Outcome[]]> = [];
  const beacons: Array<[number, Outcome[]]> = [];
  const held: boolean[] = [];
  let unload: (() => void) | undefined;
  const drafts = createAssessedDrafts({
    send: async (userId, outcomes) => void sent.push([userId, outcomes]),
    beacon: (userId, outcomes) => (beacons.push([userId, outcomes]), beaconOk),
    onHeld: (h) => held.push(h),
    listenUnload: (flush) => {
      unload = flush;
      return () => (unload = undefined);
    },
  });
  return { drafts, sent, beacons, held, unload: () => unload?.() };
}

const note = (text: string): Outcome[] => [{ questionId: 'note:ascolto', value: text }];

describe('assessed drafts', () => {
  it('a note typed key by key is one POST of its latest text, a second after the last key', async () => {
    const { drafts, sent, held } = setup();
    const text = 'Ascolta bene';
    const saves = [...text].map((_, i) => drafts.track(7, note(text.slice(0, i + 1))));
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([]);
    expect(held.at(-1)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all(saves);
    expect(sent).toEqual([[7, note(text)]]);
    expect(held.at(-1)).toBe(false);
  });

  it('keeps people and questions apart; a rating goes at once', async () => {
    const { drafts, sent } = setup();
    void drafts.track(7, note('a'));
    void drafts.track(8, note('b'));
    void drafts.track(7, [{ questionId: 'ascolto', value: 4 }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([[7, [{ questionId: 'ascolto', value: 4 }]]]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(3);
  });

  it('sends what waits at once when the activity is left', async () => {
    const { drafts, sent } = setup();
    void drafts.track(7, note('Ascolta'));
    await drafts.sendNow();
    expect(sent).toEqual([[7, note('Ascolta')]]);
  });

  it('sends what waits by beacon when the page is hidden or goes', async () => {
    const { drafts, sent, beacons, held, unload } = setup();
    const saved = drafts.track(7, note('Ascol'));
    unload();
    await saved;
    expect(beacons).toEqual([[7, note('Ascol')]]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toEqual([]);
    expect(held.at(-1)).toBe(false);
  });

  it('without a beacon, the POST goes as planned', async () => {
    const { drafts, sent, unload } = setup(false);
    void drafts.track(7, note('x'));
    unload();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual([[7, note('x')]]);
  });
});
