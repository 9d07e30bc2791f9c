// @vitest-environment jsdom
// Issue 54: an assessor's note is kept in this browser at the key that typed it, so a reload 100 ms later (before the
// coalesced send, and with no beacon to carry it) opens the grid with the note, and the note then goes to the server.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi } from '@/testing/fake-api';
import { clearPersonalStorage } from '@/lib/personal-storage';
import { createActivityHandlers } from './activity-handlers';

const session = { campaignId: 7, testId: 201, userId: 42, lang: 'IT_it', isAssessor: true };
const deps = () => ({
  queue: {
    enqueue: vi.fn(async () => undefined),
    log: vi.fn(async () => undefined),
    getLatestCopy: vi.fn(async () => undefined),
    holdInput: vi.fn(),
    windowId: vi.fn(async () => 'window-of-this-tab'),
    claimed: vi.fn(),
  },
  exit: () => {},
  onOutcomesNotSaved: () => {},
  onOpened: () => {},
});
const POST = 'POST /api/tests/201/assessedOutcomes/7/5';
const server = (note: string) => ({
  'GET /api/tests/201/assessedOutcomes/7': {
    body: {
      status: true,
      list: [
        {
          userId: 5,
          outcomes: [
            { questionId: 'ascolto', value: 3 },
            { questionId: 'note:ascolto', value: note },
          ],
        },
      ],
    },
  },
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearPersonalStorage();
});

describe("an assessor's note kept in the browser", () => {
  it('survives a reload 100 ms after the last key, shows over the older server copy, and is sent once the grid opens again', async () => {
    vi.useFakeTimers();
    const first = fakeApi({ ...server('Vecchia'), [POST]: { body: { status: true } } });
    const grid = createActivityHandlers(deps(), true);
    void grid.trackAssessedOutcomes!(5, [{ questionId: 'note:ascolto', value: 'Riformula bene' }], session);
    await vi.advanceTimersByTimeAsync(100);
    // Coalesced: nothing sent yet at 100 ms; the page goes now (no beacon in this browser).
    expect(first.filter((c) => c.method === 'POST')).toEqual([]);
    vi.unstubAllGlobals();
    vi.useRealTimers();

    let answer!: (value: FakeAnswer) => void;
    const second = fakeApi({ ...server('Vecchia'), [POST]: () => new Promise<FakeAnswer>((resolve) => (answer = resolve)) });
    const reloaded = createActivityHandlers(deps(), true);
    const shown = await reloaded.getAssessedOutcomes!(session);
    expect(shown).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ questionId: 'ascolto', value: 3, evaluatedId: 5 }),
        { questionId: 'note:ascolto', value: 'Riformula bene', evaluatedId: 5 },
      ]),
    );
    expect(shown.filter((o) => o.questionId === 'note:ascolto')).toHaveLength(1);
    await vi.waitFor(() =>
      expect(second.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { values: [{ questionId: 'note:ascolto', value: 'Riformula bene' }] },
      ]),
    );

    // Until the server answers, the copy stays; once it has the note, it is no longer held here.
    expect((await createActivityHandlers(deps(), true).getAssessedOutcomes!(session)).some((o) => o.value === 'Riformula bene')).toBe(true);
    answer({ body: { status: true } });
    await vi.waitFor(() => expect(localStorage.getItem('prova.assessed.42.7.201')).toBeNull());
  });

  it('drops a copy the server refuses for good (the ratings locked), and keeps the server copy', async () => {
    localStorage.setItem(
      'prova.assessed.42.7.201',
      JSON.stringify({ '5:note:ascolto/': { userId: 5, outcomes: [{ questionId: 'note:ascolto', value: 'Tardiva' }] } }),
    );
    fakeApi({ ...server('Vecchia'), [POST]: { status: 409, body: { status: false, code: 'CAMPAIGN_CLOSED', message: 'locked' } } });
    await createActivityHandlers(deps(), true).getAssessedOutcomes!(session);
    await vi.waitFor(() => expect(localStorage.getItem('prova.assessed.42.7.201')).toBeNull());
    const shown = await createActivityHandlers(deps(), true).getAssessedOutcomes!(session);
    expect(shown.find((o) => o.questionId === 'note:ascolto')?.value).toBe('Vecchia');
  });
});
