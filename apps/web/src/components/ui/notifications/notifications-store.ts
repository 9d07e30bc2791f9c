import { NOTIFICATION_MS } from '@prova/contract/limits';
import { useSyncExternalStore } from 'react';

export type NotificationType = 'info' | 'success' | 'warning' | 'error';

export interface Notification {
  id: number;
  type: NotificationType;
  title: string;
  message?: string;
  /** How long it stays; NOTIFICATION_MS unless told otherwise. */
  durationMs: number;
}

/**
 * One notification at a time: a new one replaces the current one.
 * A plain store rather than React state so non-React code (the API error listener) can notify too.
 */
let current: Notification | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function notify(input: { type?: NotificationType; title: string; message?: string; durationMs?: number }) {
  current = { type: 'info', durationMs: NOTIFICATION_MS, ...input, id: nextId++ };
  emit();
}

export function dismissNotification(id?: number) {
  if (current && (id === undefined || current.id === id)) {
    current = null;
    emit();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentNotification(): Notification | null {
  return useSyncExternalStore(subscribe, () => current);
}
