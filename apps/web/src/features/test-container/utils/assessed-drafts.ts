import { QUEUE } from '@prova/contract/limits';
import type { Outcome } from '@prova/contract/tests';

// An assessor's notes arrive at every key (the activity hands each change at once). They go straight to the API,
// not through the sending queue, so they are coalesced here: per person and question the latest wins, one POST
// in flight, a text (a note) sent QUEUE.coalesceMs after its last change, anything else (a rating) at once; when the page is hidden or goes, what waits goes at once
// by beacon.

export interface AssessedDraftsOptions {
  send(userId: number, outcomes: Outcome[]): Promise<void>;
  /** navigator.sendBeacon of that POST at page unload; false when it could not go. */
  beacon(userId: number, outcomes: Outcome[]): boolean;
  /** Whether changes wait to be sent (the header says 'saving', never 'saved', meanwhile). */
  onHeld(held: boolean): void;
  delayMs?: number;
  /** Default: the window and document (pagehide, visibilitychange to hidden). */
  listenUnload?: (flush: () => void) => () => void;
}

interface Draft {
  userId: number;
  outcomes: Outcome[];
  waiters: Array<{ resolve(): void; reject(error: unknown): void }>;
  timer?: ReturnType<typeof setTimeout>;
}

export interface AssessedDrafts {
  /** Resolves once the server has this change (or a newer one of the same person and question). */
  track(userId: number, outcomes: Outcome[]): Promise<void>;
  /** Sends what waits, by beacon (page unload). */
  flushWithBeacon(): void;
  /** Sends what waits now (the activity is left); resolves once the server has it (or refused it). */
  sendNow(): Promise<void>;
}

export function createAssessedDrafts(options: AssessedDraftsOptions): AssessedDrafts {
  const delayMs = options.delayMs ?? QUEUE.coalesceMs;
  const listenUnload = options.listenUnload ?? listenPageUnload;
  const waiting = new Map<string, Draft>();
  const inFlight = new Map<string, Promise<void>>();
  let unlisten: (() => void) | undefined;

  const changed = () => {
    const held = waiting.size > 0 || inFlight.size > 0;
    options.onHeld(held);
    if (waiting.size > 0) unlisten ??= listenUnload(flushWithBeacon);
    else if (unlisten) {
      unlisten();
      unlisten = undefined;
    }
  };

  async function go(key: string) {
    const draft = waiting.get(key);
    if (!draft) return;
    const flight = inFlight.get(key);
    if (flight) {
      // One POST per key at a time: the newest goes once the previous has its answer.
      await flight.catch(() => {});
      return go(key);
    }
    waiting.delete(key);
    const sending = options.send(draft.userId, draft.outcomes);
    inFlight.set(key, sending);
    changed();
    try {
      await sending;
      for (const waiter of draft.waiters) waiter.resolve();
    } catch (error) {
      for (const waiter of draft.waiters) waiter.reject(error);
    } finally {
      inFlight.delete(key);
      changed();
    }
  }

  function flushWithBeacon() {
    for (const [key, draft] of waiting) {
      if (!options.beacon(draft.userId, draft.outcomes)) continue;
      clearTimeout(draft.timer);
      waiting.delete(key);
      for (const waiter of draft.waiters) waiter.resolve();
    }
    changed();
  }

  return {
    track(userId, outcomes) {
      const key = `${userId}:${outcomes.map((o) => `${o.questionId}/${o.answerId ?? ''}`).join(',')}`;
      const previous = waiting.get(key);
      if (previous) clearTimeout(previous.timer);
      return new Promise<void>((resolve, reject) => {
        const draft: Draft = { userId, outcomes, waiters: [...(previous?.waiters ?? []), { resolve, reject }] };
        const typed = outcomes.some((outcome) => typeof outcome.value === 'string');
        draft.timer = setTimeout(() => void go(key), typed ? delayMs : 0);
        waiting.set(key, draft);
        changed();
      });
    },
    flushWithBeacon,
    async sendNow() {
      const keys = [...waiting.keys()];
      for (const key of keys) clearTimeout(waiting.get(key)?.timer);
      await Promise.all([...keys.map((key) => go(key)), ...inFlight.values()].map((p) => p.catch(() => {})));
    },
  };
}

function listenPageUnload(flush: () => void): () => void {
  const onVisibility = () => document.visibilityState === 'hidden' && flush();
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
