import { createContext, useContext } from 'react';
import type { SendingQueue } from './sending-queue/sending-queue';
import { useSendingQueue } from './sending-queue/use-sending-queue';

/**
 * The app's one sending queue (created and started by src/app/sending-queue-provider.tsx once someone is signed in, its
 * code being a chunk of its own). Features reach it through these hooks.
 */
export interface QueueResource {
  /** The queue; until it is there, throws what Suspense waits for, or the error that kept its code from arriving. */
  read(): SendingQueue;
}

export const SendingQueueContext = createContext<QueueResource | null>(null);

/** The queue. A screen that needs it waits for it (it suspends), or shows the route's error page if it cannot come. */
export function useQueue(): SendingQueue {
  const resource = useContext(SendingQueueContext);
  if (!resource) throw new Error('useQueue needs <SendingQueueProvider>');
  return resource.read();
}

/** The save indicator's state and the pending count of the app's queue. */
export function useQueueSnapshot() {
  return useSendingQueue(useQueue());
}
