import type { ProgressRow } from '@prova/contract/staff-campaigns';
import { beforeEach, describe, expect, it } from 'vitest';
import { createReportOffers as offersOf, REPORT_OFFER_KEPT_MS } from './report-offers';
import type { StaffReportRepos } from './staff-report';

/** The offers, with the report's answer counted and set by the test. */
const computed = { count: 0, shows: true };
const createReportOffers = (keptMs = REPORT_OFFER_KEPT_MS) =>
  offersOf(keptMs, async () => {
    computed.count += 1;
    return computed.shows;
  });

const repos = {} as StaffReportRepos;
const row = (over: Partial<ProgressRow> = {}): ProgressRow =>
  ({
    user: { id: 7 },
    cells: [{ testId: 1, status: 'complete', startedAt: null, updatedAt: '2026-12-03T10:00:00.000Z', previousAttempts: 0 }],
    feedback360: null,
    reportAvailable: true,
    ...over,
  }) as ProgressRow;

beforeEach(() => {
  computed.count = 0;
  computed.shows = true;
});

describe('the report PDF offered in the live progress', () => {
  it('computes the report once while the row stays the same, again when the row changes', async () => {
    const offers = createReportOffers();
    expect(await offers(repos, 1, 2, row())).toBe(true);
    computed.shows = false;
    expect(await offers(repos, 1, 2, row())).toBe(true);
    expect(computed.count).toBe(1);
    // A new save, a reset, another rater's evaluation: asked again.
    const saved = row({ cells: [{ ...row().cells[0], updatedAt: '2026-12-03T10:05:00.000Z' }] });
    expect(await offers(repos, 1, 2, saved)).toBe(false);
    expect(await offers(repos, 1, 2, row({ feedback360: { done: 1, total: 3 } }))).toBe(false);
    expect(computed.count).toBe(3);
    // Another campaign's row of the same person is its own.
    expect(await offers(repos, 1, 3, row())).toBe(false);
    expect(computed.count).toBe(4);
  });

  it('never computes a report the row says cannot exist (no test done, an assessor)', async () => {
    const offers = createReportOffers();
    expect(await offers(repos, 1, 2, row({ reportAvailable: false }))).toBe(false);
    expect(computed.count).toBe(0);
  });

  it('asks again once the answer is older than it is kept: what the row cannot show is offered late, not never', async () => {
    const offers = createReportOffers(5);
    computed.shows = false;
    expect(await offers(repos, 1, 2, row())).toBe(false);
    computed.shows = true;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await offers(repos, 1, 2, row())).toBe(true);
    expect(computed.count).toBe(2);
  });
});
