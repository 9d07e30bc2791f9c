// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '@/testing/render';
import { CampaignTimeBar } from './time-bar';

afterEach(() => vi.useRealTimers());

/** The bar of a ten-day campaign on its `day`-th day (0-based). */
function barOnDay(day: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(Date.UTC(2026, 0, 1 + day)));
  renderWithTexts(<CampaignTimeBar start="2026-01-01T00:00:00Z" end="2026-01-11T00:00:00Z" />);
  return screen.getByRole('progressbar', { name: 'Tempo della campagna trascorso' });
}

describe('<CampaignTimeBar>', () => {
  it('says in Italian how much time has gone by, with the article elided before a vowel (l’80%)', () => {
    expect(barOnDay(8).getAttribute('aria-valuetext')).toBe("È trascorso l'80% del tempo della campagna");
  });

  it('keeps the article before a consonant (il 30%)', () => {
    expect(barOnDay(3).getAttribute('aria-valuetext')).toBe('È trascorso il 30% del tempo della campagna');
  });
});
