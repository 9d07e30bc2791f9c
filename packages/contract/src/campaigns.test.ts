import { describe, expect, it } from 'vitest';
import { campaignPhaseOf } from './campaigns';

// One rule for where a campaign stands: the picker, the room and the console all read it from the server.

const campaign = { status: 'ACTIVE', dateStart: '2026-03-01T08:00:00Z', dateEnd: '2027-06-30T20:00:00Z' };
const at = (iso: string) => Date.parse(iso);

describe('campaignPhaseOf', () => {
  it('is open between its dates, upcoming before, ended after', () => {
    expect(campaignPhaseOf(campaign, at('2026-02-28T23:59:59Z'))).toBe('upcoming');
    expect(campaignPhaseOf(campaign, at('2026-03-01T08:00:00Z'))).toBe('open');
    expect(campaignPhaseOf(campaign, at('2027-06-30T20:00:00Z'))).toBe('open');
    expect(campaignPhaseOf(campaign, at('2027-06-30T20:00:01Z'))).toBe('ended');
  });

  it('is ended once staff have closed it, whatever its dates say', () => {
    for (const status of ['COMPLETED', 'REPORT']) {
      expect(campaignPhaseOf({ ...campaign, status }, at('2026-12-01T10:00:00Z'))).toBe('ended');
      expect(campaignPhaseOf({ ...campaign, status }, at('2026-01-01T10:00:00Z'))).toBe('ended');
    }
  });
});
