import { describe, expect, it } from 'vitest';
import type { TaskInput } from './task';
import { validateTask } from './validate-task';

const ids = { campaignId: 1, testId: 2, userId: 3 };

describe('validateTask', () => {
  it('defaults the version to 0 and starts the retry count', () => {
    expect(validateTask({ type: 'DATA', ...ids, data: 'x' })).toEqual({
      type: 'DATA',
      ...ids,
      version: 0,
      data: 'x',
      retry: { type: 'none', attempt: 0 },
    });
  });

  it.each<[string, Partial<TaskInput>]>([
    ['Invalid SYNC request data', { type: 'SYNC', status: 'incomplete' }],
    ['Invalid SYNC request data', { type: 'SYNC', data: 'x' }],
    ['Invalid SYNC request data', { type: 'SYNC_ALL', status: 'x' }],
    ['Invalid STATUS request data', { type: 'STATUS' }],
    ['Invalid DATA request data', { type: 'DATA' }],
    ['Invalid OUTCOMES request data', { type: 'OUTCOMES' }],
    ['Invalid request version', { type: 'DATA', data: 'x', version: 1.5 }],
    ['Invalid request version', { type: 'LOG', data: 'x', version: 0.5 }],
    ['Invalid request type', { type: 'NOPE' as TaskInput['type'], data: 'x' }],
    ['Invalid LOG request data', { type: 'LOG' }],
  ])('throws %s', (message, task) => {
    expect(() => validateTask({ ...ids, ...task } as TaskInput)).toThrow(new Error(message));
  });

  it('accepts each type with what it needs', () => {
    for (const task of [
      { type: 'SYNC', status: 'complete', data: { a: 1 } },
      { type: 'SYNC_ALL', status: 'SYNC_ALL', data: { tests: [] } },
      { type: 'STATUS', status: 'incomplete', version: 1 },
      { type: 'OUTCOMES', data: [] },
      { type: 'LOG', data: { message: 'hello' } },
    ] as const) {
      expect(() => validateTask({ ...ids, ...task })).not.toThrow();
    }
  });
});

describe('EVAL360 tasks', () => {
  it('keeps a valid evaluation and refuses one the server would refuse', () => {
    const task = validateTask({
      type: 'EVAL360',
      campaignId: 7,
      testId: 40,
      userId: 41,
      version: 3,
      data: { data: { closed: { '1': 4 } } },
    });
    expect(task.data).toEqual({ data: { closed: { '1': 4 }, open: {}, linked: {} }, finished: false });
    expect(() =>
      validateTask({ type: 'EVAL360', campaignId: 7, testId: 40, userId: 41, version: 3, data: { data: { closed: { x: 4 } } } }),
    ).toThrow('Invalid EVAL360 request data');
  });
});
