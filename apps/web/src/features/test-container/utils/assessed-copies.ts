import type { Outcome } from '@prova/contract/tests';
import { personalKey } from '@/lib/personal-storage';

// The assessor's ratings and notes not yet on the server, kept in this browser at every change (issue 54): a reload,
// a crash or a lost beacon with a note still waiting keeps it, and the grid opened again shows it and sends it.
// One entry per assessor, campaign and test, by person and question; removed once the server answered the send,
// and at sign-out (personalKey).

export interface AssessedCopy {
  userId: number;
  outcomes: Outcome[];
}

export interface AssessedCopies {
  keep(userId: number, outcomes: Outcome[]): void;
  /** The server has these (a send answered): removed unless a newer change came meanwhile. */
  sent(userId: number, outcomes: Outcome[]): void;
  /** What is kept, not yet known to be on the server. */
  pending(): AssessedCopy[];
}

const keyOf = (userId: number, outcomes: Outcome[]) => `${userId}:${outcomes.map((o) => `${o.questionId}/${o.answerId ?? ''}`).join(',')}`;

export function createAssessedCopies(assessorId: number, campaignId: number, testId: number): AssessedCopies {
  const storageKey = personalKey('assessed', assessorId, campaignId, testId);
  const read = (): Record<string, AssessedCopy> => {
    try {
      const text = localStorage.getItem(storageKey);
      return text ? (JSON.parse(text) as Record<string, AssessedCopy>) : {};
    } catch {
      // Unreadable or blocked storage: the platform's own coalescing and beacon are what there is.
      return {};
    }
  };
  const write = (all: Record<string, AssessedCopy>) => {
    try {
      if (Object.keys(all).length === 0) localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, JSON.stringify(all));
    } catch {
      // Storage full or blocked: the send still goes.
    }
  };
  return {
    keep(userId, outcomes) {
      write({ ...read(), [keyOf(userId, outcomes)]: { userId, outcomes } });
    },
    sent(userId, outcomes) {
      const all = read();
      const key = keyOf(userId, outcomes);
      if (JSON.stringify(all[key]?.outcomes) !== JSON.stringify(outcomes)) return;
      delete all[key];
      write(all);
    },
    pending: () => Object.values(read()),
  };
}

/** The server's outcomes (flattened, with evaluatedId) with what this browser still holds over them. */
export function withPendingCopies<T extends Outcome & { evaluatedId?: number }>(server: T[], pending: AssessedCopy[]): Array<T | Outcome> {
  const same = (a: Outcome & { evaluatedId?: number }, userId: number, b: Outcome) =>
    a.evaluatedId === userId && String(a.questionId) === String(b.questionId) && a.answerId === b.answerId;
  const kept = server.filter((o) => !pending.some((copy) => copy.outcomes.some((held) => same(o, copy.userId, held))));
  return [...kept, ...pending.flatMap((copy) => copy.outcomes.map((outcome) => ({ ...outcome, evaluatedId: copy.userId })))];
}
