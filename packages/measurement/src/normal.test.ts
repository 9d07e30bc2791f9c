import { describe, expect, it } from 'vitest';
import { normalCdf } from './normal';

describe('normalCdf', () => {
  it('matches the standard normal table', () => {
    // Values from any printed table of Φ (to 7 places).
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.8413447, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.1586553, 6);
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021, 6);
    expect(normalCdf(-2.5758)).toBeCloseTo(0.005, 5);
  });

  it('is 0 and 1 at the ends', () => {
    expect(normalCdf(-Infinity)).toBe(0);
    expect(normalCdf(Infinity)).toBe(1);
    expect(normalCdf(-40)).toBeCloseTo(0, 12);
  });
});
