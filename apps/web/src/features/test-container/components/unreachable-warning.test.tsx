// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SendingQueueContext } from '@/lib/sending-queue-context';
import type { QueueEnvironment } from '@/lib/sending-queue/queue-environment';
import { createMemoryStorage } from '@/lib/sending-queue/queue-storage';
import { createSendingQueue, type SendingQueue } from '@/lib/sending-queue/sending-queue';
import type { TransportResponse } from '@/lib/sending-queue/transport';
import { renderWithTexts } from '@/testing/render';
import { UnreachableWarning } from './unreachable-warning';

let queue: SendingQueue;
afterEach(() => queue.stop());

/** A queue whose connection the test switches, answering from `answer` while online. */
function queueWith(answer: () => TransportResponse) {
  let handlers: Parameters<QueueEnvironment['listen']>[0] | undefined;
  const connection = { online: true };
  queue = createSendingQueue({
    storage: createMemoryStorage(),
    transport: async () => answer(),
    environment: {
      isOnline: () => connection.online,
      listen: (h) => ((handlers = h), () => (handlers = undefined)),
      tab: { savedId: () => undefined, saveId: () => {} },
    },
  });
  queue.start({ userId: 5, companyId: 1 });
  return {
    goOffline: () => act(() => ((connection.online = false), handlers?.offline())),
    goOnline: () => act(() => ((connection.online = true), handlers?.online())),
  };
}

const render = (secondsLeft: number | undefined) =>
  renderWithTexts(
    <SendingQueueContext.Provider value={{ read: () => queue }}>
      <UnreachableWarning secondsLeft={secondsLeft} />
    </SendingQueueContext.Provider>,
  );

describe('<UnreachableWarning>', () => {
  it('says at once, by the time left, that answers are not reaching the server, and goes when the connection is back', async () => {
    const connection = queueWith(() => ({ status: 200, body: { status: true } }));
    await act(() => queue.ready);
    render(4 * 60 + 12);
    expect(screen.queryByRole('alert')).toBeNull();

    connection.goOffline();
    expect(screen.getByRole('alert').textContent).toBe('Connessione assente: le risposte non arrivano al server');
    expect(screen.getByText('Tempo rimasto: 4:12')).toBeTruthy();
    // The ticking clock is outside the alert: it is not read out every second.
    expect(screen.getByRole('alert').textContent).not.toContain('4:12');

    connection.goOnline();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Tempo rimasto: 4:12')).toBeNull();
  });

  it('says so too when the connection is there but the sends fail', async () => {
    queueWith(() => ({ status: 503, body: { status: false, code: 'UNAVAILABLE' } }));
    await act(() => queue.ready);
    render(30);
    await act(() => queue.enqueue({ type: 'DATA', campaignId: 1, testId: 2, userId: 5, version: 1, data: 'x' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect((await screen.findByRole('alert')).textContent).toBe('Il server non risponde: le risposte non arrivano al server');
  });

  it('says nothing without a running clock (an untimed test, the time up)', async () => {
    const connection = queueWith(() => ({ status: 200, body: { status: true } }));
    await act(() => queue.ready);
    const { rerender } = render(undefined);
    connection.goOffline();
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <SendingQueueContext.Provider value={{ read: () => queue }}>
        <UnreachableWarning secondsLeft={0} />
      </SendingQueueContext.Provider>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
