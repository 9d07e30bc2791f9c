import { createContext, useContext } from 'react';
import type { SendingQueue } from './sending-queue/sending-queue';
import { useSendingQueue } from './sending-queue/use-sending-queue';

/**
 * The app's one sending queue (created and started by src/app/sending-queue-provider.tsx).
 * Features reach it through these hooks.
 */
export const SendingQueueContext = createContext<SendingQueue | null>(null);

export function useQueue(): SendingQueue {
  const queue = useContext(SendingQueueContext);
  if (!queue) throw new Error('useQueue needs <SendingQueueProvider>');
  return queue;
}

/** The save indicator's state and the pending count of the app's queue. */
export function useQueueSnapshot() {
  return useSendingQueue(useQueue());
}
