import { useEffect, useState, type ReactNode } from 'react';
import { useUser } from '@/features/auth/api/get-me';
import { useSelectedCampaign } from '@/features/campaigns/api/get-selected-campaign';
import type { SendingQueue } from '@/lib/sending-queue/sending-queue';
import { SendingQueueContext, type QueueResource } from '@/lib/sending-queue-context';

export interface SendingQueueProviderProps {
  /** Creates the app's queue (fetching its code): called when someone first signs in. */
  load: () => Promise<SendingQueue>;
  /** Waits before each new try of a failed load (tests shorten them). */
  retryDelaysMs?: readonly number[];
  children: ReactNode;
}

/**
 * A phone's connection often drops for a moment. The queue's code is fetched in the background at sign-in, long
 * before a screen needs it: a fetch that fails then is tried again, so that a moment without network at sign-in does
 * not become an error page later.
 */
export const QUEUE_RETRY_DELAYS_MS = [1_000, 3_000, 10_000] as const;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The queue as useQueue reads it: created once, by the first `start()`. A screen that needs it meanwhile waits, also
 * through the tries again; a creation that failed every try stays failed (the error page's reload fetches anew).
 */
function queueResource(
  load: () => Promise<SendingQueue>,
  retryDelaysMs: readonly number[],
): QueueResource & { start(): Promise<SendingQueue> } {
  let queue: SendingQueue | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<SendingQueue> | undefined;
  const attempt = (tried: number): Promise<SendingQueue> =>
    load().catch(async (error: unknown) => {
      if (tried >= retryDelaysMs.length) throw error;
      await wait(retryDelaysMs[tried]);
      return attempt(tried + 1);
    });
  const start = () =>
    (loading ??= attempt(0).then(
      (created) => (queue = created),
      (error: unknown) => {
        failure = { error };
        throw error;
      },
    ));
  return {
    start,
    read() {
      if (queue) return queue;
      if (failure) throw failure.error;
      throw start();
    },
  };
}

/**
 * Creates the sending queue once someone is signed in (nobody else sends anything, so its code is not part of the
 * shell: docs/performance.md, "Front-end budgets"), starts it with the signed-in person (their id and company: it sends
 * only their tasks, a shared browser keeping someone else's for them; stops it when nobody is signed in) and, when a campaign is selected, asks the server what it lacks (checkSync). The queue outlives a
 * sign-out: signing in again starts the same one, with whatever it still holds. Once started, the queue itself sends
 * what is left with a beacon on pagehide / hidden.
 */
export function SendingQueueProvider({ load, retryDelaysMs = QUEUE_RETRY_DELAYS_MS, children }: SendingQueueProviderProps) {
  const [resource] = useState(() => queueResource(load, retryDelaysMs));
  const [queue, setQueue] = useState<SendingQueue>();
  const user = useUser().data;
  const userId = user?.id;
  const companyId = user?.company.id;
  // The selected campaign is read from the cache only; the campaign pages fetch it.
  const campaignId = useSelectedCampaign({ enabled: false }).data?.id;

  // Asked for as soon as someone is signed in, alongside the screen's own chunks; a screen that needs it waits for it.
  useEffect(() => {
    if (userId !== undefined) resource.start().then(setQueue, () => undefined);
  }, [resource, userId]);

  useEffect(() => {
    if (userId === undefined || companyId === undefined || !queue) return;
    queue.start({ userId, companyId });
    return () => queue.stop();
  }, [queue, userId, companyId]);

  // Declared after start: effects of one component run in order, so the queue knows the user.
  useEffect(() => {
    if (userId === undefined || campaignId === undefined || !queue) return;
    void queue.resync(campaignId).catch(() => undefined);
  }, [queue, userId, campaignId]);

  return <SendingQueueContext.Provider value={resource}>{children}</SendingQueueContext.Provider>;
}
