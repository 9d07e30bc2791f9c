import type { QueryClient } from '@tanstack/react-query';
import { createSendingQueue, type FailureLog, type SendingQueue } from '@/lib/sending-queue/sending-queue';
import { selectedCampaignQueryKey } from '@/lib/campaign-storage';
import { userTestsBaseKey } from '@/lib/user-tests';

/**
 * The app's sending queue. A chunk of its own, fetched by the provider once someone is signed in (provider.tsx):
 * nobody else sends anything.
 */
export function createAppQueue(onAuthError: () => void, queryClient: QueryClient): SendingQueue {
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
  // A test the server holds as finished: the room reads its status again; a campaign it holds as over, the campaign
  // too (its acceptsAnswers turns the pages read-only).
  queue.subscribeClosed((closed) => {
    void queryClient.invalidateQueries({ queryKey: userTestsBaseKey });
    if (closed.scope === 'campaign') void queryClient.invalidateQueries({ queryKey: selectedCampaignQueryKey });
  });
  return queue;
}
