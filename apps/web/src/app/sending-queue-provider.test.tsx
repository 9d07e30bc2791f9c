// @vitest-environment jsdom
import type { User } from '@prova/contract/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meQueryKey } from '@/features/auth/api/get-me';
import { selectedCampaignQueryKey } from '@/lib/campaign-storage';
import type { SendingQueue } from '@/lib/sending-queue/sending-queue';
import { useQueue } from '@/lib/sending-queue-context';
import { SendingQueueProvider } from './sending-queue-provider';

afterEach(() => vi.unstubAllGlobals());

const user = { id: 7, company: { id: 2, name: 'E2E', logo: null } } as User;

function fakeQueue() {
  return { start: vi.fn(), stop: vi.fn(), resync: vi.fn(async () => undefined) };
}

/** A load whose answer the test gives when it wants. */
function deferredLoad() {
  let settle!: { resolve: (queue: SendingQueue) => void; reject: (error: Error) => void };
  const load = vi.fn(
    () =>
      new Promise<SendingQueue>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return { load, settle: () => settle };
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p>error: {this.state.error.message}</p> : this.props.children;
  }
}

/** What a signed-in screen does with the queue. */
function Consumer() {
  useQueue();
  return <p>screen</p>;
}

function renderProvider(
  load: () => Promise<SendingQueue>,
  me: User | null,
  children: ReactNode = null,
  retryDelaysMs: readonly number[] = [],
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryKey, me);
  render(
    <QueryClientProvider client={queryClient}>
      <SendingQueueProvider load={load} retryDelaysMs={retryDelaysMs}>
        <Boundary>
          <Suspense fallback={<p>waiting</p>}>{children}</Suspense>
        </Boundary>
      </SendingQueueProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('SendingQueueProvider', () => {
  it('fetches nothing while nobody is signed in', async () => {
    const load = vi.fn(async () => fakeQueue() as unknown as SendingQueue);
    renderProvider(load, null);
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
  });

  it('creates the queue once someone is signed in, and a screen that needs it waits for it', async () => {
    const { load, settle } = deferredLoad();
    renderProvider(load, user, <Consumer />);
    expect(await screen.findByText('waiting')).toBeTruthy();
    const queue = fakeQueue();
    await act(async () => settle().resolve(queue as unknown as SendingQueue));
    expect(await screen.findByText('screen')).toBeTruthy();
    await vi.waitFor(() => expect(queue.start).toHaveBeenCalledWith({ userId: 7, companyId: 2 }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the same queue across a sign-out: stopped, then started again with what it holds', async () => {
    const queue = fakeQueue();
    const load = vi.fn(async () => queue as unknown as SendingQueue);
    const queryClient = renderProvider(load, user);
    await vi.waitFor(() => expect(queue.start).toHaveBeenCalledWith({ userId: 7, companyId: 2 }));
    await act(async () => void queryClient.setQueryData(meQueryKey, null));
    await vi.waitFor(() => expect(queue.stop).toHaveBeenCalledTimes(1));
    await act(async () => void queryClient.setQueryData(meQueryKey, { ...user, id: 8 }));
    await vi.waitFor(() => expect(queue.start).toHaveBeenLastCalledWith({ userId: 8, companyId: 2 }));
    // The same id in another company is another person: the queue starts again for them.
    await act(async () => void queryClient.setQueryData(meQueryKey, { ...user, id: 8, company: { id: 3, name: 'Altra', logo: null } }));
    await vi.waitFor(() => expect(queue.start).toHaveBeenLastCalledWith({ userId: 8, companyId: 3 }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks the server what it lacks once a campaign is selected', async () => {
    const queue = fakeQueue();
    const queryClient = renderProvider(async () => queue as unknown as SendingQueue, user);
    await vi.waitFor(() => expect(queue.start).toHaveBeenCalled());
    expect(queue.resync).not.toHaveBeenCalled();
    await act(async () => void queryClient.setQueryData(selectedCampaignQueryKey, { id: 3 }));
    await vi.waitFor(() => expect(queue.resync).toHaveBeenCalledWith(3));
  });

  it('tries again when its code did not arrive, and a screen waits through the tries', async () => {
    const queue = fakeQueue();
    const load = vi
      .fn<() => Promise<SendingQueue>>()
      .mockRejectedValueOnce(new Error('network down'))
      .mockRejectedValueOnce(new Error('network down'))
      .mockResolvedValue(queue as unknown as SendingQueue);
    renderProvider(load, user, <Consumer />, [10, 10]);
    expect(await screen.findByText('waiting')).toBeTruthy();
    expect(await screen.findByText('screen')).toBeTruthy();
    await vi.waitFor(() => expect(queue.start).toHaveBeenCalledWith({ userId: 7, companyId: 2 }));
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('shows the error when the queue cannot come (its code did not arrive), without asking again and again', async () => {
    const { load, settle } = deferredLoad();
    renderProvider(load, user, <Consumer />);
    expect(await screen.findByText('waiting')).toBeTruthy();
    await act(async () => settle().reject(new Error('chunk failed')));
    expect(await screen.findByText('error: chunk failed')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
