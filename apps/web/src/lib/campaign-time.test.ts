import { describe, expect, it } from 'vitest';
import { elapsedPercent } from './campaign-time';

describe('elapsedPercent', () => {
  it('clamps the time bar to 0..99 until the deadline, then 100', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const end = new Date('2026-01-11T00:00:00Z');
    expect(elapsedPercent(start, end, new Date('2025-12-01T00:00:00Z'))).toBe(0);
    expect(elapsedPercent(start, end, new Date('2026-01-06T00:00:00Z'))).toBe(50);
    expect(elapsedPercent(start, end, new Date('2026-01-10T23:59:00Z'))).toBe(99);
    expect(elapsedPercent(start, end, end)).toBe(100);
  });
});
