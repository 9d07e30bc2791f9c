import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time';

describe('formatDateTime', () => {
  it('writes dd.MM.yyyy HH:mm in local time, and nothing for a missing or unreadable value', () => {
    const local = new Date(2026, 2, 5, 9, 7);
    expect(formatDateTime(local.toISOString())).toBe('05.03.2026 09:07');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});
