// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getByRole } from '@testing-library/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The activity kit's countdown, the clock a timed test shows in its bar (packages/activity-sdk/kit/prova-kit.js),
// run as the activity's page runs it: a plain script defining window.ProvaKit.
interface Kit {
  countdown: (target: HTMLElement, seconds: number, onEnd: () => void) => { stop: () => void };
}

beforeAll(() => {
  // The kit is a plain script, not a module.
  new Function(readFileSync(fileURLToPath(import.meta.resolve('@prova/activity-sdk/kit/prova-kit.js')), 'utf8'))();
});

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe("the kit's countdown", () => {
  it('is a timer named by the time it shows (label in name), every second', () => {
    vi.useFakeTimers();
    const kit = (window as unknown as { ProvaKit: Kit }).ProvaKit;
    const target = document.createElement('span');
    document.body.append(target);
    const clock = kit.countdown(target, 299, () => undefined);
    expect(target.textContent).toBe('Tempo rimasto: 4:59');
    expect(getByRole(document.body, 'timer').textContent).toBe('Tempo rimasto: 4:59');
    expect(getByRole(document.body, 'timer', { name: 'Tempo rimasto: 4:59' })).toBe(target);
    vi.advanceTimersByTime(1000);
    expect(getByRole(document.body, 'timer', { name: 'Tempo rimasto: 4:58' })).toBe(target);
    clock.stop();
  });
});
