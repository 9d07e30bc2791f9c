import { describe, expect, it } from 'vitest';
import { mergeProgress } from './merge-progress';

const server = (version: number, data: string | null, testStatus: 'not attempted' | 'incomplete' | 'complete' = 'incomplete') => ({
  status: true as const,
  data: { version, data },
  testData: '{"minutes":5}',
  testStatus,
  timing: null,
});

describe('mergeProgress', () => {
  it('uses the server copy when there is no local one', () => {
    expect(mergeProgress(server(3, '{"a":1}'), undefined)).toEqual({
      status: true,
      testStatus: 'incomplete',
      data: { a: 1 },
      version: 3,
      testData: '{"minutes":5}',
      timing: null,
    });
  });

  it("passes the server's clock through, whatever the local copy says", () => {
    const timing = { startedAt: '2026-11-23T09:00:00.000Z', endsAt: '2026-11-23T09:20:00.000Z', remainingSeconds: 360 };
    expect(mergeProgress({ ...server(3, null), timing }, { version: 5, data: '{}' }).timing).toEqual(timing);
  });

  it('prefers the local copy unless the server version is newer', () => {
    expect(mergeProgress(server(3, '{"a":1}'), { version: 5, data: '{"a":2}' })).toMatchObject({ data: { a: 2 }, version: 5 });
    expect(mergeProgress(server(3, '{"a":1}'), { version: 3, data: '{"a":2}' })).toMatchObject({ data: { a: 2 }, version: 3 });
    expect(mergeProgress(server(6, '{"a":1}'), { version: 5, data: '{"a":2}' })).toMatchObject({ data: { a: 1 }, version: 6 });
  });

  it('keeps the server data when the local copy holds only a status', () => {
    expect(mergeProgress(server(2, '"x"', 'incomplete'), { version: 0, status: 'complete', statusVersion: 2 })).toMatchObject({
      data: 'x',
      version: 2,
      testStatus: 'complete',
    });
  });

  it('never moves the status back', () => {
    expect(mergeProgress(server(1, null, 'complete'), { version: 4, data: '{}', status: 'incomplete' }).testStatus).toBe('complete');
    expect(mergeProgress(server(0, null, 'not attempted'), { version: 1, data: '{}' }).testStatus).toBe('not attempted');
  });
});
