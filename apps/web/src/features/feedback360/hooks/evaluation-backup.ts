import type { EvaluationAnswers, EvaluationState } from '@prova/contract/feedback360';
import { personalKey } from '@/lib/personal-storage';

/** What this browser last gave for an evaluation: kept until the server holds a version as new. */
export interface LocalEvaluation {
  version: number;
  status: EvaluationState;
  answers: EvaluationAnswers;
}

// One entry per user and campaign (the spec's local backup), holding each evaluee's evaluation; removed at sign-out.
const keyOf = (userId: number, campaignId: number) => personalKey('feedback360', userId, campaignId);

function readAll(userId: number, campaignId: number): Record<string, LocalEvaluation> {
  try {
    const text = localStorage.getItem(keyOf(userId, campaignId));
    return text ? (JSON.parse(text) as Record<string, LocalEvaluation>) : {};
  } catch {
    // Unreadable or blocked storage: the server's copy is all there is.
    return {};
  }
}

export function readLocalEvaluations(userId: number, campaignId: number): Record<string, LocalEvaluation> {
  return readAll(userId, campaignId);
}

export function writeLocalEvaluation(userId: number, campaignId: number, evaluee: number, evaluation: LocalEvaluation) {
  try {
    localStorage.setItem(keyOf(userId, campaignId), JSON.stringify({ ...readAll(userId, campaignId), [evaluee]: evaluation }));
  } catch {
    // Storage full or blocked: the sending queue still carries the answers.
  }
}

/** The newer of the server's copy and the local one. */
export function newerEvaluation(server: LocalEvaluation, local: LocalEvaluation | undefined): LocalEvaluation {
  return local && local.version > server.version ? local : server;
}
