import { evaluationSaveSchema } from '@prova/contract/feedback360';
import { SYNC_ERRORS, validateSyncTask } from '@prova/contract/tests';
import { needsIdempotencyKey, newIdempotencyKey, type QueueTask, type TaskInput } from './task';

// The rules of a sync request, with their exact messages, through the contract's validator.
// LOG (log entries) is the queue's own type: it needs data. EVAL360 carries a 360 evaluation, checked
// with the schema the server checks it with.

const LOG_ERROR = 'Invalid LOG request data';

/** Checks a task on enqueue and gives it its idempotency key; throws an Error with the spec message when it is invalid. */
export function validateTask(input: TaskInput): QueueTask {
  const task = checkTask(input);
  return needsIdempotencyKey(task.type) ? { ...task, key: newIdempotencyKey() } : task;
}

function checkTask(input: TaskInput): QueueTask {
  if (input.type === 'LOG') return validateLog(input);
  if (input.type === 'EVAL360') return validateEvaluation(input);
  const result = validateSyncTask({ ...input, retry: undefined });
  if (!result.ok) throw new Error(result.message);
  return { ...input, ...result.task, retry: { type: 'none', attempt: 0 } };
}

function validateLog(input: TaskInput): QueueTask {
  const version = input.version ?? 0;
  if (!Number.isInteger(version)) throw new Error(SYNC_ERRORS.version);
  if (input.data === undefined || input.data === null) throw new Error(LOG_ERROR);
  for (const id of [input.campaignId, input.testId, input.userId]) {
    if (!Number.isInteger(id)) throw new Error(LOG_ERROR);
  }
  return { ...input, version, retry: { type: 'none', attempt: 0 } };
}

const EVALUATION_ERROR = 'Invalid EVAL360 request data';

function validateEvaluation(input: TaskInput): QueueTask {
  const version = input.version ?? 0;
  const parsed = evaluationSaveSchema.safeParse({ version, ...(input.data as object) });
  if (!parsed.success) throw new Error(EVALUATION_ERROR);
  const { data, finished } = parsed.data;
  return { ...input, version, data: { data, finished }, retry: { type: 'none', attempt: 0 } };
}
