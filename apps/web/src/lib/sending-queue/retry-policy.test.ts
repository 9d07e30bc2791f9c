import { describe, expect, it } from 'vitest';
import { classifyResponse, retryDelay } from './retry-policy';

describe('classifyResponse', () => {
  it.each([
    [200, { status: true }, 'ok'],
    [302, { status: true }, 'ok'],
    [200, {}, 'permanent'],
    [200, undefined, 'permanent'],
    [401, {}, 'auth'],
    [403, {}, 'auth'],
    [404, {}, 'permanent'],
    [422, { status: false }, 'permanent'],
    [500, {}, 'temporary'],
    [503, {}, 'temporary'],
  ])('%i %j -> %s', (status, body, outcome) => {
    expect(classifyResponse({ status, body })).toBe(outcome);
  });
});

describe('retryDelay', () => {
  it('doubles from 1 s and caps at 16 s for temporary failures', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => retryDelay('temporary', attempt))).toEqual([1000, 2000, 4000, 8000, 16000, 16000, 16000]);
  });

  it('waits a fixed 2 s for probable permanent failures', () => {
    expect([0, 3].map((attempt) => retryDelay('permanent', attempt))).toEqual([2000, 2000]);
  });
});
