// What the sending queue holds  and the order it keeps.

/** EVAL360: a whole 360 evaluation; its `testId` is the evaluee's id (one task per person evaluated). */
export type TaskType = 'SYNC' | 'SYNC_ALL' | 'STATUS' | 'DATA' | 'OUTCOMES' | 'LOG' | 'EVAL360';

/** Why the last attempt failed: `none` before any failure. */
export type RetryType = 'none' | 'temporary' | 'permanent' | 'auth';

/**
 * Whose session a task is sent under: the person signed in when it was queued (their id and company). A shared
 * computer keeps another person's unsent tasks, but sends them only while that same person is signed in again.
 */
export interface TaskOwner {
  userId: number;
  companyId: number;
}

export interface QueueTask {
  type: TaskType;
  campaignId: number;
  testId: number;
  userId: number;
  /** Progress version of the test (integer, starts at 0). */
  version: number;
  status?: unknown;
  data?: unknown;
  /** OUTCOMES and LOG: the idempotency key every send of this task carries, so that the server applies it once. */
  key?: string;
  /**
   * SYNC, STATUS and DATA: the window (tab) that made it, set by the queue. The server refuses it when another window
   * opened the test since (409 WINDOW_SUPERSEDED): two windows never overwrite each other unseen.
   */
  windowId?: string;
  retry: { type: RetryType; attempt: number };
  /** Set by the queue on enqueue when someone is signed in; absent on tasks queued before (they go by `userId`). */
  owner?: TaskOwner;
}

/** What callers enqueue: version defaults to 0, retry starts fresh, the key, the owner and the window are the queue's. */
export type TaskInput = Omit<QueueTask, 'version' | 'retry' | 'key' | 'owner' | 'windowId'> & { version?: number };

/** The tasks that carry the window they were made in: the progress saves the server holds to one window. */
export const savesProgress = (task: Pick<QueueTask, 'type'>) => task.type === 'SYNC' || task.type === 'STATUS' || task.type === 'DATA';

/** Writes the server would otherwise apply twice when an answer is lost and the task is sent again. */
export const needsIdempotencyKey = (type: TaskType) => type === 'OUTCOMES' || type === 'LOG';

/** 128 random bits, base64url (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A task as stored: `seq` keeps insertion order among equals, across reloads. */
export interface StoredTask extends QueueTask {
  seq: number;
  /** Sent with a beacon at page unload: kept until a confirmed send or checkSync proves the server has it. */
  beaconed?: boolean;
  /** How many times it came back from the backup. */
  restores?: number;
  /** A draft (enqueue's `coalesce`): not sent before this time (ms since epoch), unless the page goes. */
  holdUntil?: number;
  /** When the first of the drafts it replaced was queued: the window never grows past QUEUE.coalesceMaxMs from it. */
  draftSince?: number;
}

/** Two tasks of the same kind replace each other (newer version wins). Log entries never do. */
export function kindKey(task: QueueTask): string | undefined {
  if (task.type === 'LOG') return undefined;
  return `${task.type}:${task.userId}:${task.campaignId}:${task.testId}`;
}

/**
 * Tasks that finish a test (a complete status, outcomes) go after the test's other progress: the
 * server refuses saves into a complete test, and a status carries the fixed version 2 that data
 * versions overtake.
 */
export const finishesTest = (task: QueueTask) => task.type === 'OUTCOMES' || (task.type === 'STATUS' && task.status === 'complete');
const finishes = (task: QueueTask) => (finishesTest(task) ? 1 : 0);

/** Sorted by user, campaign, test, finishing tasks last, then version; insertion order among equals. */
export function compareTasks(a: StoredTask, b: StoredTask): number {
  return (
    a.userId - b.userId ||
    a.campaignId - b.campaignId ||
    a.testId - b.testId ||
    finishes(a) - finishes(b) ||
    a.version - b.version ||
    a.seq - b.seq
  );
}

/** What a person typed or chose (not a log entry, not a check): what the logout dialog counts as answers. */
export const carriesAnswer = (task: QueueTask) => task.type !== 'LOG' && task.type !== 'SYNC_ALL';

/** The tasks that save a test's progress or outcomes (not log entries, not checkSync). */
export const savesTest = (task: QueueTask) =>
  task.type === 'SYNC' || task.type === 'STATUS' || task.type === 'DATA' || task.type === 'OUTCOMES';

/** The plain task, without the queue's bookkeeping. */
export function toQueueTask(task: StoredTask): QueueTask {
  const { seq: _seq, beaconed: _beaconed, restores: _restores, holdUntil: _holdUntil, draftSince: _draftSince, ...plain } = task;
  return plain;
}
