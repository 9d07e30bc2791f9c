import type { EvaluationAnswers, EvaluationResponse } from '@prova/contract/feedback360';
import { useCallback, useRef, useState } from 'react';
import { useQueue } from '@/lib/sending-queue-context';
import { type LocalEvaluation, newerEvaluation, readLocalEvaluations, writeLocalEvaluation } from './evaluation-backup';

export interface EvaluationIds {
  campaignId: number;
  userId: number;
  evaluee: number;
}

/**
 * One evaluation being given: starts from the newer of the server's and this browser's copy, and
 * sends every change at once through the sending queue (offline-tolerant, versioned), keeping a local
 * copy so a reload continues where the evaluator stopped.
 */
export function useEvaluation(ids: EvaluationIds, server: EvaluationResponse['data']) {
  const queue = useQueue();
  const [current, setCurrent] = useState<LocalEvaluation>(() =>
    newerEvaluation(server, readLocalEvaluations(ids.userId, ids.campaignId)[ids.evaluee]),
  );
  const latest = useRef(current);

  const save = useCallback(
    (answers: EvaluationAnswers, finished: boolean) => {
      const previous = latest.current;
      const next: LocalEvaluation = { version: previous.version + 1, status: finished || previous.status === 'y' ? 'y' : 'p', answers };
      latest.current = next;
      setCurrent(next);
      writeLocalEvaluation(ids.userId, ids.campaignId, ids.evaluee, next);
      return queue.enqueue({
        type: 'EVAL360',
        campaignId: ids.campaignId,
        testId: ids.evaluee,
        userId: ids.userId,
        version: next.version,
        data: { data: answers, finished },
      });
    },
    [ids.campaignId, ids.evaluee, ids.userId, queue],
  );

  return {
    evaluation: current,
    answer: (answers: EvaluationAnswers) => save(answers, false),
    finish: () => save(latest.current.answers, true),
  };
}
