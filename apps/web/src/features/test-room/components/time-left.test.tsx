// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTexts } from '@/testing/render';
import { TimeLeft } from './time-left';

const timing = (secondsLeft: number) => ({
  startedAt: new Date(Date.now() - 60_000).toISOString(),
  endsAt: new Date(Date.now() + secondsLeft * 1000).toISOString(),
  remainingSeconds: secondsLeft,
});

afterEach(() => vi.useRealTimers());

describe('<TimeLeft>', () => {
  it('shows the time left as the clock does (m:ss), second by second, then that time is up', async () => {
    vi.useFakeTimers();
    renderWithTexts(<TimeLeft test={{ status: 'incomplete', timing: timing(19 * 60 + 17) }} />);
    expect(screen.getByText('Tempo rimasto: 19:17')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(screen.getByText('Tempo rimasto: 19:15')).toBeTruthy();
    await vi.advanceTimersByTimeAsync((19 * 60 + 15) * 1000);
    expect(screen.getByText('Tempo rimasto: tempo scaduto')).toBeTruthy();
  });

  it('is quiet: not a live region that would interrupt a screen reader', () => {
    const { container } = renderWithTexts(<TimeLeft test={{ status: 'incomplete', timing: timing(600) }} />);
    expect(container.querySelector('[aria-live], [role="status"], [role="timer"]')).toBeNull();
  });

  it('shows nothing for a test without a running clock', () => {
    const { container } = renderWithTexts(
      <>
        <TimeLeft test={{ status: 'complete', timing: timing(600) }} />
        <TimeLeft test={{ status: 'incomplete', timing: null }} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});
