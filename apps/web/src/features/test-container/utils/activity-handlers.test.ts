import { describe, expect, it, vi } from 'vitest';
import { createActivityHandlers } from './activity-handlers';

const session = { campaignId: 7, testId: 101, userId: 42, lang: 'IT_it', isAssessor: false };

function fakeQueue() {
  return {
    enqueue: vi.fn(async () => undefined),
    log: vi.fn(async () => undefined),
    getLatestCopy: vi.fn(async () => undefined),
  };
}

describe('createActivityHandlers', () => {
  it('queues status, data (encoded as the server keeps it), outcomes and logs', async () => {
    const queue = fakeQueue();
    const handlers = createActivityHandlers({ queue, exit: () => {} }, false);
    await handlers.setStatus({ status: 'complete', version: 2 }, session);
    await handlers.setData({ data: { answers: { q1: 'b' } }, version: 4 }, session);
    await handlers.trackOutcomes([{ questionId: 'q1', value: 1 }], session);
    await handlers.log({ hello: 1 }, session);
    expect(queue.enqueue.mock.calls).toEqual([
      [{ type: 'STATUS', campaignId: 7, testId: 101, userId: 42, version: 2, status: 'complete' }],
      [{ type: 'DATA', campaignId: 7, testId: 101, userId: 42, version: 4, data: '{"answers":{"q1":"b"}}' }],
      [{ type: 'OUTCOMES', campaignId: 7, testId: 101, userId: 42, data: [{ questionId: 'q1', value: 1 }] }],
    ]);
    expect(queue.log).toHaveBeenCalledWith({ hello: 1 }, { campaignId: 7, testId: 101, userId: 42 });
  });

  it('offers the assessor calls to assessors only', () => {
    const queue = fakeQueue();
    expect(createActivityHandlers({ queue, exit: () => {} }, false).getSamples).toBeUndefined();
    expect(createActivityHandlers({ queue, exit: () => {} }, true).getSamples).toBeTypeOf('function');
  });

  it('exit returns to the room', async () => {
    const exit = vi.fn();
    await createActivityHandlers({ queue: fakeQueue(), exit }, false).exit(session);
    expect(exit).toHaveBeenCalledOnce();
  });
});
