import { NOTIFICATION_MS } from '@prova/contract/limits';
import { describe, expect, it } from 'vitest';
import { readingTimeMs } from './notifications-store';

describe('readingTimeMs', () => {
  it("gives a short confirmation the spec's time and a longer one time to read it", () => {
    expect(readingTimeMs('Salvato')).toBe(NOTIFICATION_MS);
    const long = "Se l'indirizzo email inserito è corretto riceverai una email con le istruzioni per procedere al reset";
    expect(readingTimeMs(long)).toBe(2_000 + Math.ceil(long.length / 15) * 1_000);
    expect(readingTimeMs(long)).toBeGreaterThan(8_000);
  });
});
