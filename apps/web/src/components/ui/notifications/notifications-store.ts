import { NOTIFICATION_MS } from '@prova/contract/limits';
import { useSyncExternalStore } from 'react';

export type NotificationType = 'info' | 'success' | 'warning' | 'error';

export interface Notification {
  id: number;
  type: NotificationType;
  title: string;
  message?: string;
  /** How long it stays: long enough to read (readingTimeMs) unless told otherwise. */
  durationMs: number;
}

/**
 * Time to read a confirmation (WCAG 2.2.1): the spec's NOTIFICATION_MS at least, plus about a second
 * for every 15 characters, which slow readers and screen readers need. It also pauses on hover and focus.
 */
export function readingTimeMs(text: string): number {
  return Math.max(NOTIFICATION_MS, 2_000 + Math.ceil(text.length / 15) * 1_000);
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
  const durationMs = input.durationMs ?? readingTimeMs(`${input.title} ${input.message ?? ''}`);
  current = { type: 'info', ...input, durationMs, id: nextId++ };
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
  // The same snapshot when rendered at build time (the prerendered sign-in page): none.
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
