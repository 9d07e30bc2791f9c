import { useSyncExternalStore } from 'react';
import type { QueueSnapshot, SendingQueue } from './sending-queue';

/** The save indicator's state ('saved' | 'saving' | 'offline' | 'error') and the pending count. */
export function useSendingQueue(queue: SendingQueue): QueueSnapshot {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
}
