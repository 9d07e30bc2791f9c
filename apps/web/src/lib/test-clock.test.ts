import type { UserTest } from '@prova/contract/tests';
import { describe, expect, it } from 'vitest';
import { formatClock, secondsLeft } from './test-clock';

const test = (fields: Pick<UserTest, 'timing' | 'status'>) => fields;

describe('secondsLeft', () => {
  const timing = { startedAt: '2026-11-23T09:00:00.000Z', endsAt: '2026-11-23T09:20:00.000Z', remainingSeconds: 360 };
  const at = (iso: string) => Date.parse(iso);

  it('counts down the server clock of a timed test in progress, never below zero', () => {
    expect(secondsLeft(test({ status: 'incomplete', timing }), at('2026-11-23T09:14:00.000Z'))).toBe(360);
    expect(secondsLeft(test({ status: 'incomplete', timing }), at('2026-11-23T09:19:59.500Z'))).toBe(1);
    expect(secondsLeft(test({ status: 'incomplete', timing }), at('2026-11-23T09:25:00.000Z'))).toBe(0);
  });

  it('has nothing to say of a test with no clock, not started, or complete', () => {
    expect(secondsLeft(test({ status: 'incomplete', timing: null }))).toBeUndefined();
    expect(secondsLeft(test({ status: 'not attempted', timing }))).toBeUndefined();
    expect(secondsLeft(test({ status: 'complete', timing }))).toBeUndefined();
  });
});

describe('formatClock', () => {
  it('shows minutes and seconds, hours only from an hour, never below zero', () => {
    expect(formatClock(19 * 60 + 17)).toBe('19:17');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(9)).toBe('0:09');
    expect(formatClock(0.2)).toBe('0:01');
    expect(formatClock(-5)).toBe('0:00');
    expect(formatClock(3600 + 2 * 60 + 3)).toBe('1:02:03');
  });
});
