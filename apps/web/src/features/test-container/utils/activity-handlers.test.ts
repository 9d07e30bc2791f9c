import { describe, expect, it, vi } from 'vitest';
import type { Delivery, EnqueueOptions } from '@/lib/sending-queue/sending-queue';
import type { TaskInput } from '@/lib/sending-queue/task';
import { createActivityHandlers } from './activity-handlers';

const session = { campaignId: 7, testId: 101, userId: 42, lang: 'IT_it', isAssessor: false };

function fakeQueue() {
  return {
    enqueue: vi.fn(async (_task: TaskInput, _options?: EnqueueOptions) => undefined),
    log: vi.fn(async () => undefined),
    getLatestCopy: vi.fn(async () => undefined),
    holdInput: vi.fn(),
    windowId: vi.fn(async () => 'window-of-this-tab'),
    claimed: vi.fn(),
  };
}

describe('createActivityHandlers', () => {
  it('queues status, data (encoded as the server keeps it), outcomes and logs', async () => {
    const queue = fakeQueue();
    const handlers = createActivityHandlers({ queue, exit: () => {}, onOutcomesNotSaved: () => {}, onOpened: () => {} }, false);
    await handlers.setStatus({ status: 'complete', version: 2 }, session);
    await handlers.setData({ data: { answers: { q1: 'b' } }, version: 4 }, session);
    await handlers.trackOutcomes([{ questionId: 'q1', value: 1 }], session);
    await handlers.log({ hello: 1 }, session);
    expect(queue.enqueue.mock.calls.map(([task]) => task)).toEqual([
      { type: 'STATUS', campaignId: 7, testId: 101, userId: 42, version: 2, status: 'complete' },
      { type: 'DATA', campaignId: 7, testId: 101, userId: 42, version: 4, data: '{"answers":{"q1":"b"}}' },
      { type: 'OUTCOMES', campaignId: 7, testId: 101, userId: 42, data: [{ questionId: 'q1', value: 1 }] },
    ]);
    expect(queue.log).toHaveBeenCalledWith({ hello: 1 }, { campaignId: 7, testId: 101, userId: 42 });
  });

  it.each<[Delivery, number]>([
    [{ accepted: false, reason: 'failed', httpStatus: 500 }, 1],
    [{ accepted: false, reason: 'failed', httpStatus: 422, code: 'VALIDATION' }, 1],
    [{ accepted: true }, 0],
    // The room says a finished test, the sign-in page an ended session; offline, the queue carries them.
    [{ accepted: false, reason: 'closed', httpStatus: 409, code: 'TEST_COMPLETE' }, 0],
    [{ accepted: false, reason: 'auth', httpStatus: 401 }, 0],
    [{ accepted: false, reason: 'offline' }, 0],
  ])('tells the person when the server refuses the outcomes (%j)', async (delivery, told) => {
    const queue = fakeQueue();
    const onOutcomesNotSaved = vi.fn();
    await createActivityHandlers({ queue, exit: () => {}, onOutcomesNotSaved, onOpened: () => {} }, false).trackOutcomes(
      [{ questionId: 'q1', value: 1 }],
      session,
    );
    queue.enqueue.mock.calls[0][1]?.onDelivery?.(delivery);
    expect(onOutcomesNotSaved).toHaveBeenCalledTimes(told);
  });

  it('hands typed data to the queue as a draft it coalesces, any other at once, and an activity holding input to the indicator', async () => {
    const queue = fakeQueue();
    const handlers = createActivityHandlers({ queue, exit: () => {}, onOutcomesNotSaved: () => {}, onOpened: () => {} }, false);
    await handlers.setData({ data: 'a', version: 1, typing: true }, session);
    await handlers.setData({ data: 'b', version: 2 }, session);
    expect(queue.enqueue.mock.calls.map((call) => call[1])).toEqual([{ coalesce: true }, { coalesce: false }]);
    await handlers.setPending?.(true, session);
    await handlers.setPending?.(false, session);
    expect(queue.holdInput.mock.calls).toEqual([
      ['activity:7:101', true],
      ['activity:7:101', false],
    ]);
  });

  it('offers the assessor calls to assessors only', () => {
    const queue = fakeQueue();
    expect(
      createActivityHandlers({ queue, exit: () => {}, onOutcomesNotSaved: () => {}, onOpened: () => {} }, false).getSamples,
    ).toBeUndefined();
    expect(createActivityHandlers({ queue, exit: () => {}, onOutcomesNotSaved: () => {}, onOpened: () => {} }, true).getSamples).toBeTypeOf(
      'function',
    );
  });

  it('exit returns to the room', async () => {
    const exit = vi.fn();
    await createActivityHandlers({ queue: fakeQueue(), exit, onOutcomesNotSaved: () => {}, onOpened: () => {} }, false).exit(session);
    expect(exit).toHaveBeenCalledOnce();
  });
});
