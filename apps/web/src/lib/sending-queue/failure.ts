import type { AttemptOutcome } from './retry-policy';
import type { QueueTask } from './task';

/** What the queue reports of a failed or lost task. */
export interface FailureEntry {
  message: string;
  /** The task without its data (which can be large). */
  task: Omit<QueueTask, 'data' | 'status'>;
  outcome?: Exclude<AttemptOutcome, 'ok'>;
  httpStatus?: number;
  error?: unknown;
}
