import { describe, expect, it } from 'vitest';
import type { QueueTask } from './task';
import { readNeedPushing, toTaskRequest } from './task-request';

const base = { campaignId: 7, testId: 12, userId: 40, version: 3, retry: { type: 'none', attempt: 0 } } as const;
const task = (fields: Partial<QueueTask>): QueueTask => ({ ...base, type: 'SYNC', ...fields });

describe('toTaskRequest', () => {
  it('maps each type to its call', () => {
    expect(toTaskRequest(task({ type: 'SYNC', status: 'incomplete', data: 'd' }))).toEqual({
      url: '/api/tests/12/sync/7/40',
      body: { version: 3, status: 'incomplete', data: 'd' },
    });
    expect(toTaskRequest(task({ type: 'STATUS', status: 'complete', version: 2 }))).toEqual({
      url: '/api/tests/12/status/7/40',
      body: { version: 2, status: 'complete' },
    });
    expect(toTaskRequest(task({ type: 'DATA', data: 'd' }))).toEqual({
      url: '/api/tests/12/data/7/40',
      body: { version: 3, data: 'd' },
    });
    expect(toTaskRequest(task({ type: 'OUTCOMES', data: [{ questionId: 1, value: 2 }] }))).toEqual({
      url: '/api/outcomes/7/12/40',
      body: { values: [{ questionId: 1, value: 2 }] },
    });
    expect(toTaskRequest(task({ type: 'SYNC_ALL', data: { tests: [{ testId: 12, version: 3 }] } }))).toEqual({
      url: '/api/tests/checkSync/7',
      body: { tests: [{ testId: 12, version: 3 }] },
    });
    expect(toTaskRequest(task({ type: 'LOG', data: { message: 'm' } }))).toEqual({
      url: '/api/logs',
      body: { data: '{"campaignId":7,"testId":12,"message":"m"}' },
    });
  });

  it("files a log entry under the task's campaign and test unless the entry names its own, and leaves text as it is", () => {
    const data = (fields: Partial<QueueTask>) => (toTaskRequest(task({ type: 'LOG', ...fields })).body as { data: string }).data;
    expect(JSON.parse(data({ data: { testId: 99, message: 'm' } }))).toEqual({ campaignId: 7, testId: 99, message: 'm' });
    expect(JSON.parse(data({ campaignId: 0, testId: 0, data: { message: 'm' } }))).toEqual({ message: 'm' });
    expect(data({ data: 'plain text' })).toBe('plain text');
  });

  it('cuts a log entry too long for /api/logs, keeping JSON', () => {
    const { body } = toTaskRequest(task({ type: 'LOG', data: { text: 'x'.repeat(50_000) } }));
    const text = (body as { data: string }).data;
    expect(text.length).toBeLessThanOrEqual(16_384);
    expect(JSON.parse(text)).toMatchObject({ truncated: true });
  });
});

describe('readNeedPushing', () => {
  it('reads the test ids of a checkSync answer and ignores anything else', () => {
    expect(readNeedPushing({ status: true, needPushing: [3, '9', 'x', 1.5] })).toEqual([3, 9]);
    expect(readNeedPushing({ status: true })).toEqual([]);
    expect(readNeedPushing(undefined)).toEqual([]);
  });
});

describe('EVAL360 requests', () => {
  it('save the evaluation of the person named by testId', () => {
    const request = toTaskRequest(task({ type: 'EVAL360', testId: 52, data: { data: { closed: { '1': 4 } }, finished: true } }));
    expect(request).toEqual({ url: '/api/tests/360/data/7/52', body: { version: 3, data: { closed: { '1': 4 } }, finished: true } });
  });
});
