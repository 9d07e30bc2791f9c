import type { EvaluationAnswers, EvaluationResponse } from '@prova/contract/feedback360';
import { useCallback, useRef, useState } from 'react';
import { useQueue } from '@/lib/sending-queue-context';
import type { Delivery } from '@/lib/sending-queue/sending-queue';
import { type LocalEvaluation, newerEvaluation, readLocalEvaluations, writeLocalEvaluation } from './evaluation-backup';

export interface EvaluationIds {
  campaignId: number;
  userId: number;
  evaluee: number;
}

/**
 * One evaluation being given: starts from the newer of the server's and this browser's copy, and
 * hands every change at once to the sending queue (persisted, offline-tolerant, versioned; a typed comment is a
 * draft it coalesces, a rating goes at once), keeping a local copy so a reload continues where the evaluator stopped.
 * Each save resolves with what the server made of it (the queue's delivery), not merely once it is queued.
 */
export function useEvaluation(ids: EvaluationIds, server: EvaluationResponse['data']) {
  const queue = useQueue();
  const [current, setCurrent] = useState<LocalEvaluation>(() =>
    newerEvaluation(server, readLocalEvaluations(ids.userId, ids.campaignId)[ids.evaluee]),
  );
  const latest = useRef(current);

  const save = useCallback(
    (answers: EvaluationAnswers, finished: boolean, typed = false): Promise<Delivery> => {
      const previous = latest.current;
      const next: LocalEvaluation = { version: previous.version + 1, status: finished || previous.status === 'y' ? 'y' : 'p', answers };
      latest.current = next;
      setCurrent(next);
      writeLocalEvaluation(ids.userId, ids.campaignId, ids.evaluee, next);
      return new Promise<Delivery>((resolve, reject) => {
        const task = {
          type: 'EVAL360' as const,
          campaignId: ids.campaignId,
          testId: ids.evaluee,
          userId: ids.userId,
          version: next.version,
          data: { data: answers, finished },
        };
        // A typed comment is a draft: a few POSTs, not one per key. A rating, a choice, the last page go at once.
        queue.enqueue(task, { onDelivery: resolve, coalesce: typed && !finished }).catch(reject);
      });
    },
    [ids.campaignId, ids.evaluee, ids.userId, queue],
  );

  return {
    evaluation: current,
    /** `typed`: the change is a key in a comment (coalesced with the next ones). */
    answer: (answers: EvaluationAnswers, typed?: boolean) => save(answers, false, typed),
    finish: () => save(latest.current.answers, true),
  };
}
