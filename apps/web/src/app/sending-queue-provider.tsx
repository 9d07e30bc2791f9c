import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useUser } from '@/features/auth/api/get-me';
import { useSelectedCampaign } from '@/features/campaigns/api/get-selected-campaign';
import { createSendingQueue, type FailureLog, type SendingQueue } from '@/lib/sending-queue/sending-queue';
import { SendingQueueContext } from '@/lib/sending-queue-context';
import { userTestsBaseKey } from '@/lib/user-tests';

export interface SendingQueueProviderProps {
  /** A 401/403 on a queued send: the app's session-expired handling. */
  onAuthError: () => void;
  children: ReactNode;
  /** Tests may pass their own queue. */
  queue?: SendingQueue;
}

function createAppQueue(onAuthError: () => void): SendingQueue {
  const queue: SendingQueue = createSendingQueue({
    onAuthError,
    // The first failure of a task (and a task given up) goes to the server's log, through the queue.
    logFailure: (entry: FailureLog) => {
      const { task } = entry;
      void queue
        .log(
          { message: entry.message, outcome: entry.outcome, httpStatus: entry.httpStatus, task },
          { campaignId: task.campaignId, testId: task.testId, userId: task.userId },
        )
        .catch(() => undefined);
    },
  });
  return queue;
}

/**
 * Creates the sending queue once for the app, starts it with the signed-in user's id (stops it when
 * nobody is signed in) and, when a campaign is selected, asks the server what it lacks (checkSync).
 * Once started, the queue itself sends what is left with a beacon on pagehide / hidden.
 */
export function SendingQueueProvider({ onAuthError, children, queue: given }: SendingQueueProviderProps) {
  const [queue] = useState(() => given ?? createAppQueue(onAuthError));
  const userId = useUser().data?.id;
  // The selected campaign is read from the cache only; the campaign pages fetch it.
  const campaignId = useSelectedCampaign({ enabled: false }).data?.id;

  const queryClient = useQueryClient();

  useEffect(() => {
    if (userId === undefined) return;
    queue.start(userId);
    return () => queue.stop();
  }, [queue, userId]);

  // A test the server holds as finished: the room reads its status again.
  useEffect(() => queue.subscribeClosed(() => void queryClient.invalidateQueries({ queryKey: userTestsBaseKey })), [queue, queryClient]);

  // Declared after start: effects of one component run in order, so the queue knows the user.
  useEffect(() => {
    if (userId === undefined || campaignId === undefined) return;
    void queue.resync(campaignId).catch(() => undefined);
  }, [queue, userId, campaignId]);

  return <SendingQueueContext.Provider value={queue}>{children}</SendingQueueContext.Provider>;
}
