import { describe, expect, it } from 'vitest';
import { acceptsAnswers } from './campaign-window';

const campaign = { status: 'ACTIVE', date_start: '2026-03-01T08:00:00.000Z', date_end: '2026-03-31T18:00:00.000Z' };

describe('acceptsAnswers', () => {
  it('takes answers from the start to the end of an ACTIVE campaign, both included', () => {
    expect(acceptsAnswers(campaign, new Date('2026-03-01T08:00:00.000Z'))).toBe(true);
    expect(acceptsAnswers(campaign, new Date('2026-03-15T12:00:00.000Z'))).toBe(true);
    expect(acceptsAnswers(campaign, new Date('2026-03-31T18:00:00.000Z'))).toBe(true);
  });

  it('takes none before the start or after the end', () => {
    expect(acceptsAnswers(campaign, new Date('2026-03-01T07:59:59.999Z'))).toBe(false);
    expect(acceptsAnswers(campaign, new Date('2026-03-31T18:00:00.001Z'))).toBe(false);
  });

  it('takes none once staff mark the campaign COMPLETED or REPORT, even within its dates', () => {
    for (const status of ['COMPLETED', 'REPORT']) {
      expect(acceptsAnswers({ ...campaign, status }, new Date('2026-03-15T12:00:00.000Z'))).toBe(false);
    }
  });
});
